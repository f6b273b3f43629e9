// Issue 25, item 8, "Look at it": every view of a completed demo audit at a desktop window
// (1440×900) and a small laptop's (1024×768), as docs/tour.md shows them. The screenshots are
// kept with the test's results; with TOE_TOUR_IMAGES=1 they are also written to
// docs/images/tour/, so the tour is remade by one command from the app as it is. And the
// tour names every view at both sizes, each image present.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, keepScreenshot, test } from './fixtures';
import {
  APP_VIEW_NAMES,
  appViews,
  appViewSubjects,
  openView,
  type AppViewName,
  type NamedView,
} from './support/app-views';
import { readE2eEnv } from './support/e2e-env';
import { WIDER_THAN_THE_WINDOW } from './support/page-width';

const TOUR = join(process.cwd(), 'docs', 'tour.md');
const TOUR_DIR = join(process.cwd(), 'docs', 'images', 'tour');
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
] as const;

/** "bias audit" → "bias-audit-1440.png". */
const imageName = (view: AppViewName, width: number) => `${view.replace(/\s+/g, '-')}-${width}.png`;

test.describe('The tour: every view at two window sizes (browser over toe serve)', () => {
  let views: NamedView[];

  test.beforeAll(async () => {
    test.setTimeout(400_000);
    views = appViews(await appViewSubjects(readE2eEnv()));
  });

  test('docs/tour.md shows every view at both sizes', () => {
    const tour = readFileSync(TOUR, 'utf8');
    for (const view of APP_VIEW_NAMES)
      for (const { width } of SIZES) {
        const name = imageName(view, width);
        expect(tour, `docs/tour.md links ${name}`).toContain(`(images/tour/${name})`);
        expect(existsSync(join(TOUR_DIR, name)), `docs/images/tour/${name}`).toBe(true);
      }
  });

  for (const view of APP_VIEW_NAMES)
    for (const size of SIZES)
      test(`the ${view} view at ${size.width}×${size.height}`, async ({
        page,
        app,
        consoleErrors,
      }, testInfo) => {
        test.setTimeout(300_000);
        await page.setViewportSize(size);
        await openView(page, app, views.find((v) => v.name === view)!.visit);
        // Nothing wider than the window: a page that scrolls sideways hides its right edge.
        const wider = await page.evaluate<string[]>(WIDER_THAN_THE_WINDOW);
        expect(wider, 'elements that make the page scroll sideways').toEqual([]);
        const name = imageName(view, size.width);
        await keepScreenshot(page, testInfo, name);
        // docs/tour.md's images, only when asked for: a test run leaves tracked files alone.
        if (process.env.TOE_TOUR_IMAGES) {
          mkdirSync(TOUR_DIR, { recursive: true });
          await page.screenshot({ path: join(TOUR_DIR, name) });
        }
        expect(consoleErrors).toEqual([]);
      });
});
