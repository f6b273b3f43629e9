// Issue 25, items 5 and 6, "Names for everything" and "Jargon and codes": method notation
// belongs in a "How this was computed" fold and the methods appendix, never in a heading, a
// column name or a form label. Every view of a completed demo audit is opened and the text of
// its headings, column headers, labels, legends and fold titles is read (inside a "How this
// was computed" fold only its title counts); none may hold p_full, |E|, τ, λ, μ, S_max, N_ts, a
// task code without its outcome ("E1" rather than "E1 · hospital mortality") or a raw code.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  APP_VIEW_NAMES,
  appViews,
  appViewSubjects,
  openView,
  type NamedView,
  type ViewVisit,
} from './support/app-views';
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

async function expectPlainNames(page: Page, app: E2eEnv, visit: ViewVisit): Promise<void> {
  await openView(page, app, visit);
  // Polled: a view fills in with a second call; what must hold is the settled page.
  await expect
    .poll(() => notationInNames(page), {
      message: `${visit.hash}: headings, column names and labels holding notation`,
    })
    .toEqual([]);
}

test.describe('Plain words in every heading, column name and label (browser over toe serve)', () => {
  let views: NamedView[];

  test.beforeAll(async () => {
    test.setTimeout(400_000);
    views = appViews(await appViewSubjects(readE2eEnv()));
  });

  for (const name of APP_VIEW_NAMES) {
    test(`the ${name} view names things in plain words`, async ({ page, app, consoleErrors }) => {
      test.setTimeout(300_000);
      await expectPlainNames(page, app, views.find((v) => v.name === name)!.visit);
      expect(consoleErrors).toEqual([]);
    });
  }
});
