/**
 * The files ToE Audit ships beside its code: the model bundles and the report's fonts. Run
 * from a checkout (CLI, `toe serve`, tests) they are the repository's resources/; the desktop
 * app passes its own, because its bundled main process (out/main, or app.asar in an
 * installer) cannot find them relative to its own file.
 */
import { SHIPPED_MODELS_DIR } from './models/bundle-catalog';
import { REPORT_FONTS_DIR } from './report/report-fonts';

export interface ShippedResources {
  /** One model bundle folder per task: <modelsDir>/E1 … E4. */
  modelsDir: string;
  /** The report's font files (FONT_FILES in report/report-fonts.ts). */
  fontsDir: string;
}

/** resources/models and resources/fonts of this checkout. */
export const CHECKOUT_RESOURCES: ShippedResources = {
  modelsDir: SHIPPED_MODELS_DIR,
  fontsDir: REPORT_FONTS_DIR,
};
