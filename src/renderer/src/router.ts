import { createRouter, createWebHashHistory, type Router } from 'vue-router';
import AbstentionQueueView from './views/AbstentionQueueView.vue';
import BiasAuditView from './views/BiasAuditView.vue';
import CohortsView from './views/CohortsView.vue';
import ReportView from './views/ReportView.vue';
import RunDashboardView from './views/RunDashboardView.vue';
import RunStartView from './views/RunStartView.vue';
import RunsView from './views/RunsView.vue';
import StayTraceView from './views/StayTraceView.vue';

/** The sections the sidebar shows. */
export const SECTIONS = [
  { path: '/cohorts', label: 'Cohorts' },
  { path: '/runs', label: 'Audit runs' },
] as const;

/** The pages of one run, listed under Audit runs while a run is open (suffix of /runs/:id). */
export const RUN_SECTIONS = [
  { suffix: '', label: 'Dashboard' },
  { suffix: '/abstentions', label: 'Abstention queue' },
  { suffix: '/bias', label: 'Bias audit' },
  { suffix: '/report', label: 'Report' },
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
        path: '/runs/:runId(\\d+)/abstentions',
        name: 'abstention-queue',
        component: AbstentionQueueView,
        meta: { title: 'Abstention queue' },
      },
      {
        path: '/runs/:runId(\\d+)/bias',
        name: 'bias-audit',
        component: BiasAuditView,
        meta: { title: 'Bias audit' },
      },
      {
        path: '/runs/:runId(\\d+)/report',
        name: 'run-report',
        component: ReportView,
        meta: { title: 'Report' },
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
