import { createRouter, createWebHashHistory, type Router } from 'vue-router';
import CohortsView from './views/CohortsView.vue';

/** The sections the sidebar shows; later issues add Runs, Dashboard, Bias audit, … */
export const SECTIONS = [{ path: '/cohorts', label: 'Cohorts' }] as const;

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
      { path: '/:unknown(.*)*', redirect: '/cohorts' },
    ],
  });
  router.afterEach((to) => {
    const title = typeof to.meta.title === 'string' ? to.meta.title : null;
    document.title = title ? `${title} · ToE Audit` : 'ToE Audit';
  });
  return router;
}
