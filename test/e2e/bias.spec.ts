import {
  FAITHFULNESS_METRICS,
  GROUP_METRIC_WORDS,
  groupWords,
  PERFORMANCE_METRICS,
  type ReportedGroup,
} from '../../src/shared/bias-audit';
import {
  expect,
  keepScreenshot,
  openApp,
  requestsLeavingApp,
  seriousA11yViolations,
  test,
} from './fixtures';
import { callApi, completedTestSplitRun } from './support/app-api';

/** Method notation and bare task codes, which belong only in "How this was computed". */
const NOTATION = /p_full|p_E\b|\|E\||τ|λ|μ|S_max|N_ts|\bE[1-4]\b(?!\s*·)/;

/**
 * What sticks out at this window size: the page wider than the window, a card wider than
 * itself, or a table's visible box outside its card (a wide table must scroll inside it).
 * As text: this project's Node typings have no DOM (layout.spec.ts does the same).
 */
const OVERFLOWING = `(() => {
  const out = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > doc.clientWidth + 1) out.push('page ' + doc.scrollWidth + 'px wide');
  for (const card of document.querySelectorAll('.card')) {
    const box = card.getBoundingClientRect();
    if (card.scrollWidth > card.clientWidth + 1) out.push('card ' + card.className);
    for (const table of card.querySelectorAll('table')) {
      const visible = (table.parentElement || table).getBoundingClientRect();
      if (visible.right > box.right + 1 || visible.left < box.left - 1)
        out.push('table ' + (table.querySelector('caption')?.textContent?.trim() ?? ''));
    }
  }
  return out;
})()`;

test.describe('Bias audit (browser over toe serve)', () => {
  test('a committee reads it at 1024×768: an estimable reference, performance first, one disparity chart per figure, tables that fit', async ({
    page,
    app,
    requests,
    consoleErrors,
  }, testInfo) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1024, height: 768 });
    const run = await completedTestSplitRun(app);
    const audit = await callApi(app, 'runs.bias', { runId: run.id });
    expect(audit.attributes.length).toBeGreaterThan(0);
    const { minEvents, minNegatives } = audit.parameters;
    const comparable = (g: ReportedGroup) =>
      g.positives >= minEvents && g.n - g.positives >= minNegatives;

    // The default reference is the largest known group with enough events and non-events.
    for (const a of audit.attributes) {
      // A group with an Unknown value is never the reference by default.
      const known = a.groups.filter(
        (g): g is ReportedGroup => !g.suppressed && !g.group.includes('Unknown'),
      );
      const enough = known.filter(comparable);
      expect(a.reference.rule, a.attribute).toBe('largest');
      if (enough.length === 0) {
        expect(a.reference.comparable, a.attribute).toBe(false);
        expect(a.reference.note ?? '', a.attribute).toMatch(/^no (group has|reported group)/);
        continue;
      }
      const largest = Math.max(...enough.map((g) => g.n));
      const ref = known.find((g) => g.group === a.reference.group);
      expect(ref, a.attribute).toBeDefined();
      expect(comparable(ref!), `${a.attribute}: ${ref!.group}`).toBe(true);
      expect(ref!.n, a.attribute).toBe(largest);
    }

    await openApp(page, app);
    await page.goto(`${app.origin}/#/runs/${run.id}`);
    await page.getByRole('link', { name: 'Bias audit', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`#/runs/${run.id}/bias$`));
    await expect(page.getByTestId('bias-comparisons')).toContainText(
      `${audit.comparisons.tested} comparisons tested`,
      { timeout: 120_000 },
    );
    await expect(page.getByTestId('bias-comparisons')).toContainText(
      `${audit.comparisons.flagged} flagged`,
    );
    await expect(page.getByTestId('bias-comparisons')).toContainText(
      `${audit.comparisons.notEstimable} not made`,
    );
    if (audit.suppressed.length > 0) {
      await expect(page.getByTestId('bias-suppressed')).toContainText(audit.suppressed[0]!.size);
    }
    // The method's minimums are in the fold, not in the reader's way.
    await expect(page.getByTestId('bias-estimability')).toBeHidden();
    await page.getByText('How this was computed').click();
    await expect(page.getByTestId('bias-estimability')).toContainText(
      `at least ${audit.parameters.minEvents} outcome events`,
    );

    // Performance by group comes before faithfulness.
    const performanceCard = page.getByTestId('bias-performance');
    const faithfulnessCard = page.getByTestId('bias-faithfulness');
    const top = async (l: typeof performanceCard) => (await l.boundingBox())!.y;
    expect(await top(performanceCard)).toBeLessThan(await top(faithfulnessCard));

    // The reference is named in words, with the rule that chose it.
    const first = audit.attributes[0]!;
    if (first.reference.group !== null) {
      await expect(performanceCard.getByTestId('bias-reference').first()).toContainText(
        `Compared with ${groupWords(first, first.reference.group)}, the largest group${first.reference.comparable ? ' with enough events to compare' : ''}`,
      );
    }
    const reported = first.groups.filter((g): g is ReportedGroup => !g.suppressed);
    const performance = page.getByRole('table', { name: new RegExp(`^Model performance by `) });
    await expect(performance.first().locator('tbody tr')).toHaveCount(reported.length);
    await expect(performance.first().locator('tbody th').first()).toHaveText(
      groupWords(first, reported[0]!.group),
    );
    // A figure below its minimum shows "not estimable" and its shortfall, never a number.
    const hidden = reported.flatMap((g) =>
      Object.entries(g.performance)
        .filter(([, r]) => r.value === null)
        .map(([metric, r]) => ({ group: g.group, metric, why: r.notEstimable! })),
    );
    for (const { group, metric, why } of hidden.slice(0, 3)) {
      const cell = performance
        .first()
        .locator(`tr[data-group="${group}"] td[data-metric="${metric}"]`);
      await expect(cell).toContainText('not estimable');
      await expect(cell).toContainText(why.brief);
    }

    // One disparity chart per figure, each in its family's card: ten in all, not ten per attribute.
    await expect(page.getByRole('figure')).toHaveCount(
      PERFORMANCE_METRICS.length + FAITHFULNESS_METRICS.length,
    );
    for (const [card, metrics] of [
      [performanceCard, PERFORMANCE_METRICS],
      [faithfulnessCard, FAITHFULNESS_METRICS],
    ] as const) {
      await expect(card.getByRole('figure')).toHaveCount(metrics.length);
      for (const metric of metrics) {
        await expect(
          card.getByRole('img', {
            name: `Chart of each group's ${GROUP_METRIC_WORDS[metric].name} as a ratio`,
          }),
        ).toHaveCount(1);
      }
    }
    await expect(performanceCard.getByRole('figure').first()).toContainText(
      `Inside the shaded band (${audit.parameters.band[0]}–${audit.parameters.band[1]})`,
    );

    // At 1024×768 nothing widens the page: a wide table scrolls inside its card, the group
    // column sticky.
    const overflow = await page.evaluate<string[]>(OVERFLOWING);
    expect(overflow).toEqual([]);
    const groupCell = performance.first().locator('tbody th').first();
    expect(
      await groupCell.evaluate((th) => th.ownerDocument.defaultView?.getComputedStyle(th).position),
    ).toBe('sticky');

    // No heading, column name, form label or option speaks in method notation or codes.
    const labels = await page
      .locator('.page')
      .first()
      .evaluate((root) =>
        [
          ...root.querySelectorAll(
            'h1, h2, h3, h4, th, label, legend, option, figcaption strong, caption',
          ),
        ]
          .filter((el) => !el.closest('details.bias-method'))
          .map((el) => el.textContent?.trim() ?? ''),
      );
    expect(labels.length).toBeGreaterThan(20);
    expect(labels.filter((text) => NOTATION.test(text))).toEqual([]);
    // Attribute values in words: no raw age band or admission code in any group's name.
    expect(labels.filter((text) => /^\d+-\d+$|^EW EMER\.$/.test(text))).toEqual([]);

    await keepScreenshot(page, testInfo, 'bias-audit-1024.png');
    await keepScreenshot(page, testInfo, 'bias-audit-performance-1024.png', performanceCard);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A named reference group: that group is the reference of every metric of its attribute.
    const named = reported.at(-1)!;
    await page
      .getByRole('combobox', { name: 'Reference group' })
      .selectOption(`${first.attribute}=${named.group}`);
    await expect(
      faithfulnessCard
        .getByRole('table')
        .first()
        .locator(`tr[data-group="${named.group}"] td[data-metric="exhaustionRate"]`),
    ).toContainText('reference', { timeout: 120_000 });

    expect(requestsLeavingApp(requests, app.origin)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
