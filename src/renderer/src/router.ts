import { createRouter, createWebHashHistory, type Router } from 'vue-router';
import CohortsView from './views/CohortsView.vue';
import RunDashboardView from './views/RunDashboardView.vue';
import RunStartView from './views/RunStartView.vue';
import RunsView from './views/RunsView.vue';
import StayTraceView from './views/StayTraceView.vue';

/** The sections the sidebar shows; later issues add Bias audit, Abstention queue, Reports. */
export const SECTIONS = [
  { path: '/cohorts', label: 'Cohorts' },
  { path: '/runs', label: 'Audit runs' },
] as const;

/**
 * Hash history: the same URLs work from file:// in the desktop app and from the local
 * HTTP server, which then never needs a history fallback route.
 */
export function createAppRouter(): Router {
  const router = createRouter({
    history: createWebHashHistory(),
    routes: [
      { path: '/', redirect: '/cohorts' },
      {
        path: '/cohorts/:cohortId(\\d+)?',
        name: 'cohorts',
        component: CohortsView,
        meta: { title: 'Cohorts' },
      },
      { path: '/runs', name: 'runs', component: RunsView, meta: { title: 'Audit runs' } },
      {
        path: '/runs/new',
        name: 'run-start',
        component: RunStartView,
        meta: { title: 'Start an audit' },
      },
      {
        path: '/runs/:runId(\\d+)',
        name: 'run-dashboard',
        component: RunDashboardView,
        meta: { title: 'Run dashboard' },
      },
      {
        path: '/runs/:runId(\\d+)/stays/:stayId(\\d+)',
        name: 'stay-trace',
        component: StayTraceView,
        meta: { title: 'Patient trace' },
      },
      { path: '/:unknown(.*)*', redirect: '/cohorts' },
    ],
  });
  router.afterEach((to) => {
    const title = typeof to.meta.title === 'string' ? to.meta.title : null;
    document.title = title ? `${title} · ToE Audit` : 'ToE Audit';
  });
  return router;
}
