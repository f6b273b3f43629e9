// Every view of the app, reached as a user would reach it on a completed demo audit, with
// what shows it has finished loading: the plain-words check and the tour's screenshots visit
// the same list, so a view added to one is added to both.
import type { Page } from '@playwright/test';
import type { RunSummary } from '../../../src/shared/audit';
import { expect, openApp } from '../fixtures';
import { callApi, completedTestSplitRun, completedValSplitRun } from './app-api';
import type { E2eEnv } from './e2e-env';

/** Where each view is and what shows it has finished loading. */
export interface ViewVisit {
  hash: string;
  /**
   * A locator that is visible once the view's content, not only its frame, is on screen: the
   * check below passes as soon as the names it reads are plain, so it must not read too early.
   */
  ready: (page: Page) => ReturnType<Page['locator']>;
  /** What to do once there, e.g. select a row so its panel opens. */
  open?: (page: Page) => Promise<void>;
}

/** What the views show: a completed test-split run, a validation run to compare it with. */
export interface AppViewSubjects {
  run: RunSummary;
  other: RunSummary;
  /** An exhausted stay of the run (its trace shows the caveats), else its first. */
  stayId: number;
  cohortId: number;
}

export async function appViewSubjects(app: E2eEnv): Promise<AppViewSubjects> {
  const run = await completedTestSplitRun(app);
  const other = await completedValSplitRun(app);
  const { results } = await callApi(app, 'runs.results', { runId: run.id, limit: 10_000 });
  const stayId = (results.find((r) => r.status === 'exhausted') ?? results[0]!).stayId;
  const cohortId = (await callApi(app, 'cohorts.list', {})).find(
    (c) => c.name === app.cohortName,
  )!.id;
  return { run, other, stayId, cohortId };
}

/** The views, in the order a new user meets them; each name is also its tour image's stem. */
export const APP_VIEW_NAMES = [
  'cohorts',
  'runs',
  'start form',
  'dashboard',
  'worklist',
  'trace',
  'bias audit',
  'monitoring',
  'compare',
  'report',
] as const;
export type AppViewName = (typeof APP_VIEW_NAMES)[number];

export interface NamedView {
  name: AppViewName;
  visit: ViewVisit;
}

export function appViews({ run, other, stayId, cohortId }: AppViewSubjects): NamedView[] {
  const views: [AppViewName, () => ViewVisit][] = [
    [
      'cohorts',
      () => ({
        hash: `#/cohorts/${cohortId}`,
        ready: (page) => page.getByTestId('stays-seen'),
      }),
    ],
    [
      'runs',
      () => ({
        hash: '#/runs',
        ready: (page) => page.locator(`tr[data-run="${run.id}"]`),
      }),
    ],
    [
      'start form',
      () => ({
        hash: '#/runs/new',
        ready: (page) => page.getByRole('form', { name: 'What to audit' }),
      }),
    ],
    [
      'dashboard',
      () => ({
        hash: `#/runs/${run.id}`,
        // The last part to fill in: the review queue by patient group, after the policies.
        ready: (page) => page.getByTestId('queue-subgroups-summary'),
      }),
    ],
    [
      'worklist',
      () => ({
        hash: `#/runs/${run.id}/abstentions`,
        ready: (page) => page.locator('tbody tr').first(),
        open: async (page) => {
          await page.locator('tbody tr').first().click();
          await expect(
            page
              .getByRole('complementary', { name: 'Selected stay' })
              .getByRole('heading', { level: 2, name: /^Stay / }),
          ).toBeVisible({ timeout: 60_000 });
        },
      }),
    ],
    [
      'trace',
      () => ({
        hash: `#/runs/${run.id}/stays/${stayId}`,
        // The trace's own sentence sits in a closed fold; the search's table shows it loaded.
        ready: (page) => page.locator('table.steps'),
      }),
    ],
    [
      'bias audit',
      () => ({
        hash: `#/runs/${run.id}/bias`,
        ready: (page) => page.getByTestId('bias-faithfulness'),
      }),
    ],
    [
      'monitoring',
      () => ({
        hash: `#/runs/${run.id}/monitoring`,
        ready: (page) => page.getByTestId('monitoring-findings'),
      }),
    ],
    [
      'compare',
      () => ({
        hash: `#/compare?a=${run.id}&b=${other.id}`,
        ready: (page) => page.getByTestId('figure-table'),
      }),
    ],
    [
      'report',
      () => ({
        hash: `#/runs/${run.id}/report`,
        ready: (page) => page.getByRole('heading', { level: 1, name: /^Report: / }),
      }),
    ],
  ];
  return views.map(([name, visit]) => ({ name, visit: visit() }));
}

/** Opens the app at a view and waits until it has loaded (and done what `open` asks). */
export async function openView(page: Page, app: E2eEnv, visit: ViewVisit): Promise<void> {
  await openApp(page, app);
  // Retried: a hash set while the first view still settles can be overtaken by its own route.
  await expect(async () => {
    if (!page.url().endsWith(visit.hash)) await page.goto(`${app.origin}/${visit.hash}`);
    await expect(visit.ready(page)).toBeVisible({ timeout: 30_000 });
  }).toPass({ timeout: 150_000 });
  await visit.open?.(page);
}
