/**
 * The layers of ToE Audit and what each may import, listed once (issue 26, item 3).
 *
 * Read by `.dependency-cruiser.mjs` (`npm run lint` fails on an import a layer does not list,
 * and on any import cycle) and by test/architecture/readme-layers.test.ts (README.md's
 * "How the parts fit" table must say the same). A layer may always import its own files;
 * npm packages and Node's modules are not layers (Electron is kept out by eslint.config.js).
 *
 * Lower layers come first and a layer lists only layers before it, so no two layers can import
 * each other (test/architecture/layers.test.ts checks that too). `paths` are repository-relative:
 * a folder ends in "/", anything else is one file.
 */

/** @typedef {{ name: string, paths: string[], mayImport: string[] }} Layer */

/** @type {Layer[]} */
export const layers = [
  {
    name: 'shared',
    paths: ['src/shared/'],
    mayImport: [],
  },
  // The core's foundations: imported from anywhere in the core, importing nothing of it.
  { name: 'core/errors', paths: ['src/main/core/errors/'], mayImport: ['shared'] },
  {
    name: 'core/paths',
    paths: ['src/main/core/paths/'],
    mayImport: [],
  },
  {
    name: 'core/app-version',
    paths: ['src/main/core/app-version.ts'],
    mayImport: [],
  },
  {
    name: 'core/store',
    paths: ['src/main/core/store/'],
    mayImport: ['shared', 'core/errors'],
  },
  {
    name: 'core/phi',
    paths: ['src/main/core/phi/'],
    mayImport: ['shared', 'core/errors'],
  },
  {
    name: 'core/statistics',
    paths: ['src/main/core/statistics/'],
    mayImport: ['shared', 'core/errors'],
  },
  {
    name: 'core/jobs',
    paths: ['src/main/core/jobs/'],
    mayImport: ['shared', 'core/errors'],
  },
  {
    name: 'core/models',
    paths: ['src/main/core/models/'],
    mayImport: ['shared', 'core/errors', 'core/store', 'core/statistics', 'core/jobs'],
  },
  {
    name: 'core/search',
    paths: ['src/main/core/search/'],
    mayImport: ['shared', 'core/errors', 'core/models'],
  },
  {
    name: 'core/baselines',
    paths: ['src/main/core/baselines/'],
    mayImport: ['shared', 'core/errors', 'core/models'],
  },
  {
    name: 'core/abstention',
    paths: ['src/main/core/abstention/'],
    mayImport: ['shared', 'core/errors', 'core/statistics', 'core/models', 'core/baselines'],
  },
  {
    name: 'core/calibration',
    paths: ['src/main/core/calibration/'],
    mayImport: [
      'shared',
      'core/errors',
      'core/store',
      'core/statistics',
      'core/jobs',
      'core/models',
      'core/baselines',
    ],
  },
  {
    name: 'core/import',
    paths: ['src/main/core/import/'],
    mayImport: ['shared', 'core/errors', 'core/store', 'core/phi', 'core/jobs'],
  },
  {
    name: 'core/audit',
    paths: ['src/main/core/audit/'],
    mayImport: [
      'shared',
      'core/errors',
      'core/paths',
      'core/app-version',
      'core/store',
      'core/phi',
      'core/statistics',
      'core/jobs',
      'core/models',
      'core/search',
      'core/baselines',
      'core/abstention',
      'core/calibration',
      'core/import',
    ],
  },
  {
    name: 'core/compare',
    paths: ['src/main/core/compare/'],
    mayImport: [
      'shared',
      'core/errors',
      'core/paths',
      'core/store',
      'core/statistics',
      'core/models',
      'core/audit',
    ],
  },
  {
    name: 'core/report',
    paths: ['src/main/core/report/'],
    mayImport: [
      'shared',
      'core/errors',
      'core/paths',
      'core/store',
      'core/statistics',
      'core/models',
      'core/import',
      'core/audit',
      'core/compare',
    ],
  },
  {
    name: 'core/evaluation',
    paths: ['src/main/core/evaluation/'],
    mayImport: [
      'shared',
      'core/errors',
      'core/paths',
      'core/app-version',
      'core/store',
      'core/statistics',
      'core/jobs',
      'core/models',
      'core/search',
      'core/baselines',
      'core/calibration',
      'core/import',
      'core/audit',
      'core/report',
    ],
  },
  {
    name: 'core/shipped-resources',
    paths: ['src/main/core/shipped-resources.ts'],
    mayImport: ['core/models', 'core/report'],
  },
  {
    name: 'core/api',
    paths: ['src/main/core/api/'],
    mayImport: [
      'shared',
      'core/errors',
      'core/paths',
      'core/app-version',
      'core/store',
      'core/phi',
      'core/statistics',
      'core/jobs',
      'core/models',
      'core/search',
      'core/baselines',
      'core/abstention',
      'core/calibration',
      'core/import',
      'core/audit',
      'core/compare',
      'core/report',
      'core/evaluation',
      'core/shipped-resources',
    ],
  },
  {
    name: 'log',
    paths: ['src/main/log/'],
    mayImport: [],
  },
  {
    name: 'server',
    paths: ['src/main/server/'],
    mayImport: ['shared', 'core/api', 'core/store', 'log'],
  },
  {
    name: 'cli',
    paths: ['src/main/cli/'],
    mayImport: ['shared', 'core/api', 'server'],
  },
  {
    name: 'electron',
    paths: ['src/main/electron/', 'src/main/index.ts'],
    mayImport: ['shared', 'core/api', 'core/store', 'core/shipped-resources', 'log'],
  },
  {
    name: 'preload',
    paths: ['src/preload/'],
    mayImport: ['shared'],
  },
  {
    name: 'renderer',
    paths: ['src/renderer/'],
    mayImport: ['shared'],
  },
];

/**
 * Not debt: `toe train` and the spurious-feature audit make bundles, which the API does not
 * do, so they may use the core's models (and what making one needs) directly. (`toe serve` reaches the server layer, which the
 * CLI may import anyway.)
 */
export const cliAllowlist = [
  {
    from: 'src/main/cli/commands/train-command.ts',
    to: [
      'src/main/core/models/',
      'src/main/core/calibration/',
      // Its own refusals (a shipped bundle, no store), in the core's error types.
      'src/main/core/errors/',
      'src/main/core/store/',
    ],
  },
  // The spurious-feature audit trains a corrupted model with the training pipeline, as
  // `toe train` does, then audits both bundles.
  {
    from: 'src/main/cli/commands/spurious-audit-command.ts',
    to: [
      'src/main/core/evaluation/',
      'src/main/core/jobs/',
      'src/main/core/models/',
      'src/main/core/paths/',
    ],
  },
];
