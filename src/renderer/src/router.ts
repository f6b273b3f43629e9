import { createRouter, createWebHashHistory, type Router } from 'vue-router';
import CohortsView from './views/CohortsView.vue';

// The landing page is in the main script; every other page is its own chunk, loaded when
// first opened, so the app does not parse chart and trace code before it is needed.

/** The sections the sidebar shows. */
export const SECTIONS = [
  { path: '/cohorts', label: 'Cohorts' },
  { path: '/runs', label: 'Audit runs' },
  { path: '/compare', label: 'Compare runs' },
] as const;

/** The pages of one run, listed under Audit runs while a run is open (suffix of /runs/:id). */
export const RUN_SECTIONS = [
  { suffix: '', label: 'Dashboard' },
  { suffix: '/abstentions', label: 'Review worklist' },
  { suffix: '/bias', label: 'Bias audit' },
  { suffix: '/monitoring', label: 'Monitoring' },
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
      {
        path: '/runs',
        name: 'runs',
        component: () => import('./views/RunsView.vue'),
        meta: { title: 'Audit runs' },
      },
      {
        path: '/runs/new',
        name: 'run-start',
        component: () => import('./views/RunStartView.vue'),
        meta: { title: 'Start an audit' },
      },
      {
        path: '/runs/:runId(\\d+)',
        name: 'run-dashboard',
        component: () => import('./views/RunDashboardView.vue'),
        meta: { title: 'Run dashboard' },
      },
      {
        path: '/runs/:runId(\\d+)/abstentions',
        name: 'abstention-queue',
        component: () => import('./views/AbstentionQueueView.vue'),
        meta: { title: 'Review worklist' },
      },
      {
        path: '/runs/:runId(\\d+)/bias',
        name: 'bias-audit',
        component: () => import('./views/BiasAuditView.vue'),
        meta: { title: 'Bias audit' },
      },
      {
        path: '/runs/:runId(\\d+)/monitoring',
        name: 'run-monitoring',
        component: () => import('./views/MonitoringView.vue'),
        meta: { title: 'Monitoring' },
      },
      {
        path: '/runs/:runId(\\d+)/report',
        name: 'run-report',
        component: () => import('./views/ReportView.vue'),
        meta: { title: 'Report' },
      },
      {
        path: '/compare',
        name: 'compare-runs',
        component: () => import('./views/CompareRunsView.vue'),
        meta: { title: 'Compare runs' },
      },
      {
        path: '/runs/:runId(\\d+)/stays/:stayId(\\d+)',
        name: 'stay-trace',
        component: () => import('./views/StayTraceView.vue'),
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
