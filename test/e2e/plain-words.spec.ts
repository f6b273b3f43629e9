// Issue 25, items 5 and 6, "Names for everything" and "Jargon and codes": method notation
// belongs in a "How this was computed" fold and the methods appendix, never in a heading, a
// column name or a form label. Every view of a completed demo audit is opened and the text of
// its headings, column headers, labels, legends and fold titles is read (inside a "How this
// was computed" fold only its title counts); none may hold p_full, |E|, τ, λ, μ, S_max, N_ts, a
// task code without its outcome ("E1" rather than "E1 · hospital mortality") or a raw code.
import type { Page } from '@playwright/test';
import type { RunSummary } from '../../src/shared/audit';
import { expect, openApp, test } from './fixtures';
import { callApi, completedTestSplitRun } from './support/app-api';
import { readE2eEnv, type E2eEnv } from './support/e2e-env';

/** What the reader names things by: headings, column headers, form labels, fold titles. */
const NAMING_SELECTOR = [
  'h1',
  'h2',
  'h3',
  'h4',
  'th',
  'label',
  'legend',
  'summary',
  'caption',
  '[role="heading"]',
  '[role="columnheader"]',
  '[role="rowheader"]',
].join(', ');

/** Each kind of notation, with the words a reader should see instead. */
const NOTATION: [RegExp, string][] = [
  [/p_full/, 'p_full (say "the model\'s risk")'],
  [/\|E\|/, '|E| (say "evidence hours")'],
  [/τ/, 'τ (a threshold of the method)'],
  [/λ/, 'λ (a weight of the method)'],
  [/μ/, 'μ (a penalty of the method)'],
  [/S_max/, 'S_max (say "step budget")'],
  [/N_ts/, 'N_ts (say "hourly windows")'],
  // A task code is named with its outcome, "E1 · hospital mortality"; a bare one is a code.
  [/\bE[1-4]\b(?!\s*·)/, 'a bare task code E1–E4'],
  // A folder path such as mortality24/eicu_demo names a folder, not the task.
  [/\b(mortality24|kidney_function|aki|los)\b(?!\s*·|\/)/, 'a bare YAIB task id'],
  // A store's own code for a variable or attribute (age_band, admission_type) is no name.
  [/(?<![/\w])[a-z]+_[a-z0-9_]+\b(?!\/)/, 'a raw code (use its clinical name or words)'],
];

// Run in the page, as text: this project's Node typings have no DOM. Text inside a
// "How this was computed" fold is the notation's place, so only the fold's title is read. A
// label's name is its own text, not the choices of the list it wraps.
const NAMES_IN_PAGE = `[...document.querySelectorAll(${JSON.stringify(NAMING_SELECTOR)})].flatMap((el) => {
  const fold = el.closest('details');
  const inFold = fold && fold.querySelector(':scope > summary')?.textContent?.trim().startsWith('How this was computed');
  if (inFold && el.tagName !== 'SUMMARY') return [];
  const named = el.cloneNode(true);
  named.querySelectorAll('select, textarea, datalist').forEach((control) => control.remove());
  const text = (named.textContent ?? '').replace(/\\s+/g, ' ').trim();
  return text ? [el.tagName.toLowerCase() + ': ' + text] : [];
})`;

/** "th: Risk (p_full) — p_full (say …)" for every name on the page that holds notation. */
async function notationInNames(page: Page): Promise<string[]> {
  const names = await page.evaluate<string[]>(NAMES_IN_PAGE);
  return [...new Set(names)].flatMap((name) =>
    NOTATION.filter(([pattern]) => pattern.test(name)).map(([, what]) => `${name} — ${what}`),
  );
}

/** A completed audit of the seeded cohort's validation split, for the comparison. */
async function completedValSplitRun(app: E2eEnv): Promise<RunSummary> {
  const runs = await callApi(app, 'runs.list', {});
  const done = runs.find(
    (r) =>
      r.status === 'completed' &&
      r.provenance.cohortName === app.cohortName &&
      r.spec.split === 'val' &&
      r.spec.task === 'E1' &&
      !r.spec.stayKeys,
  );
  if (done) return done;
  const cohort = (await callApi(app, 'cohorts.list', {})).find((c) => c.name === app.cohortName);
  if (!cohort) throw new Error(`the seeded cohort ${app.cohortName} is missing`);
  return callApi(app, 'runs.start', { cohortId: cohort.id, task: 'E1', split: 'val', workers: 1 });
}

/** Where each view is and what shows it has finished loading. */
interface ViewVisit {
  hash: string;
  /**
   * A locator that is visible once the view's content, not only its frame, is on screen: the
   * check below passes as soon as the names it reads are plain, so it must not read too early.
   */
  ready: (page: Page) => ReturnType<Page['locator']>;
  /** What to do once there, e.g. select a row so its panel opens. */
  open?: (page: Page) => Promise<void>;
}

async function expectPlainNames(page: Page, app: E2eEnv, visit: ViewVisit): Promise<void> {
  await openApp(page, app);
  await page.goto(`${app.origin}/${visit.hash}`);
  await expect(visit.ready(page)).toBeVisible({ timeout: 120_000 });
  await visit.open?.(page);
  // Polled: a view fills in with a second call; what must hold is the settled page.
  await expect
    .poll(() => notationInNames(page), {
      message: `${visit.hash}: headings, column names and labels holding notation`,
    })
    .toEqual([]);
}

test.describe('Plain words in every heading, column name and label (browser over toe serve)', () => {
  let run: RunSummary;
  let other: RunSummary;
  let stayId: number;
  let cohortId: number;

  test.beforeAll(async () => {
    test.setTimeout(400_000);
    const app = readE2eEnv();
    run = await completedTestSplitRun(app);
    other = await completedValSplitRun(app);
    // An exhausted search shows the trace's caveats, where notation used to sit.
    const { results } = await callApi(app, 'runs.results', { runId: run.id, limit: 10_000 });
    stayId = (results.find((r) => r.status === 'exhausted') ?? results[0]!).stayId;
    cohortId = (await callApi(app, 'cohorts.list', {})).find((c) => c.name === app.cohortName)!.id;
  });

  const views: [string, () => ViewVisit][] = [
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

  for (const [name, visit] of views) {
    test(`the ${name} view names things in plain words`, async ({ page, app, consoleErrors }) => {
      test.setTimeout(300_000);
      await expectPlainNames(page, app, visit());
      expect(consoleErrors).toEqual([]);
    });
  }
});
