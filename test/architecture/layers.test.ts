/**
 * The layer list (layers.config.mjs) is well formed, README.md's "How the parts fit" table says
 * the same, and the lint rule made from it (.dependency-cruiser.mjs) fails on a back-arrow, a
 * deep import from the CLI, an import cycle and SQLite opened outside the store — shown on
 * small fixture trees.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

interface Layer {
  name: string;
  paths: string[];
  mayImport: string[];
}

interface LayersModule {
  layers: Layer[];
  cliAllowlist: { from: string; to: string[] }[];
}

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

const ROOT = resolve(__dirname, '../..');
const CONFIG = join(ROOT, '.dependency-cruiser.mjs');
const DEPCRUISE = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

let config: LayersModule;

beforeAll(async () => {
  // A plain .mjs file (dependency-cruiser reads it too), so typed here rather than by a .d.ts.
  config = (await import(pathToFileURL(join(ROOT, 'layers.config.mjs')).href)) as LayersModule;
});

describe('the layer list', () => {
  it('names each layer once and lets a layer import only layers before it', () => {
    const seen = new Set<string>();
    for (const layer of config.layers) {
      expect(seen.has(layer.name), `${layer.name} listed twice`).toBe(false);
      for (const name of layer.mayImport) {
        expect(seen.has(name), `${layer.name} may import ${name}, which is not below it`).toBe(
          true,
        );
      }
      seen.add(layer.name);
    }
  });

  it('gives every path to one layer only, and every path exists', () => {
    const paths = config.layers.flatMap((layer) => layer.paths);
    for (const path of paths) {
      expect(existsSync(join(ROOT, path)), path).toBe(true);
      const overlapping = paths.filter((other) => other !== path && other.startsWith(path));
      expect(overlapping, `${path} contains other layers' paths`).toEqual([]);
    }
  });

  it('lists on the CLI allowlist only modules and folders that exist', () => {
    const listed = config.cliAllowlist.flatMap((entry) => [entry.from, ...entry.to]);
    for (const path of listed) expect(existsSync(join(ROOT, path)), path).toBe(true);
  });
});

/** The rows of README.md's "How the parts fit" table: backticked names in each cell. */
function readmeRows(): { paths: string[]; mayImport: string[] }[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.split('## How the parts fit')[1]?.split('\n## ')[0] ?? '';
  const ticked = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
  return section
    .split('\n')
    .filter(
      (line) => line.startsWith('| ') && !line.startsWith('| ---') && !line.startsWith('| path'),
    )
    .map((line) => {
      const cells = line.split(' | ');
      return {
        paths: ticked(cells[0] ?? ''),
        mayImport: ticked(cells[2] ?? ''),
      };
    });
}

describe("README's How the parts fit", () => {
  it('has a row per layer, with the paths and allowed imports of layers.config.mjs', () => {
    const rows = readmeRows();
    const layerNames = new Set(config.layers.map((layer) => layer.name));
    for (const layer of config.layers) {
      const row = rows.find((r) => r.paths.join(' ') === layer.paths.join(' '));
      expect(row, `no README row for ${layer.paths.join(', ')}`).toBeDefined();
      expect(row?.mayImport.filter((name) => layerNames.has(name)).sort()).toEqual(
        [...layer.mayImport].sort(),
      );
      // Any other backticked word in that column is a layer the config does not know.
      expect(row?.mayImport.filter((name) => !layerNames.has(name))).toEqual([]);
    }
  });

  it('has no src/ row that is not a layer', () => {
    const layerPaths = new Set(config.layers.map((layer) => layer.paths.join(' ')));
    const stray = readmeRows().filter(
      (row) =>
        row.paths.some((path) => path.startsWith('src/')) && !layerPaths.has(row.paths.join(' ')),
    );
    expect(stray).toEqual([]);
  });

  it('lists the layers in the config order', () => {
    const order = readmeRows().map((row) => row.paths.join(' '));
    const indices = config.layers.map((layer) => order.indexOf(layer.paths.join(' ')));
    expect(indices).toEqual([...indices].sort((a, b) => a - b));
  });
});

describe('the lint rule (dependency-cruiser) on fixture trees', () => {
  let fixture: string;

  beforeAll(() => {
    fixture = mkdtempSync(join(tmpdir(), 'toe-layers-'));
    writeFileSync(
      join(fixture, 'tsconfig.node.json'),
      JSON.stringify({ compilerOptions: { module: 'preserve', moduleResolution: 'bundler' } }),
    );
  });

  afterAll(() => {
    rmSync(fixture, { recursive: true, force: true });
  });

  /** Writes `files` (path → source) as a fresh src/ tree and returns the rule violations. */
  function cruise(files: Record<string, string>): Violation[] {
    rmSync(join(fixture, 'src'), { recursive: true, force: true });
    for (const [path, source] of Object.entries(files)) {
      mkdirSync(dirname(join(fixture, path)), { recursive: true });
      writeFileSync(join(fixture, path), source);
    }
    let output: string;
    try {
      output = execFileSync(
        process.execPath,
        [DEPCRUISE, 'src', '--config', CONFIG, '--output-type', 'json'],
        { cwd: fixture, encoding: 'utf8' },
      );
    } catch (error) {
      // depcruise exits non-zero on errors; the JSON report is on stdout all the same.
      output = (error as { stdout: string }).stdout;
    }
    const result = JSON.parse(output) as { summary: { violations: Violation[] } };
    return result.summary.violations;
  }

  const rules = (violations: Violation[]): string[] => violations.map((v) => v.rule.name).sort();

  it('passes a tree that follows the layers', () => {
    const violations = cruise({
      'src/shared/domain.ts': 'export const x = 1;\n',
      'src/main/core/store/store.ts':
        "import { x } from '../../../shared/domain';\nexport const y = x;\n",
      'src/main/core/api/handlers.ts': "import { y } from '../store/store';\nexport const z = y;\n",
      'src/main/cli/toe.ts': "import { z } from '../core/api/handlers';\nexport const w = z;\n",
    });
    expect(violations).toEqual([]);
  });

  it('fails a lower layer importing a higher one (a back-arrow)', () => {
    const violations = cruise({
      'src/main/core/api/handlers.ts': 'export const z = 1;\n',
      'src/main/core/store/store.ts': "import { z } from '../api/handlers';\nexport const y = z;\n",
    });
    expect(rules(violations)).toEqual(['layer:core/store']);
    expect(violations[0]?.to).toBe('src/main/core/api/handlers.ts');
  });

  it('fails a type-only back-arrow too', () => {
    const violations = cruise({
      'src/main/core/report/pdf-layout.ts': 'export interface Layout { page: number }\n',
      'src/main/core/compare/compare.ts':
        "import type { Layout } from '../report/pdf-layout';\nexport const f = (l: Layout) => l.page;\n",
    });
    expect(rules(violations)).toEqual(['layer:core/compare']);
  });

  it('fails any deep import from the CLI, but lets an allowlisted command make bundles', () => {
    const violations = cruise({
      'src/main/core/audit/run-store.ts': 'export const runs = 1;\n',
      'src/main/core/models/bundle.ts': 'export const bundle = 1;\n',
      'src/main/cli/toe.ts':
        "import { runs } from '../core/audit/run-store';\nexport const w = runs;\n",
      'src/main/cli/commands/train-command.ts':
        "import { bundle } from '../../core/models/bundle';\nimport { runs } from '../../core/audit/run-store';\nexport const t = bundle + runs;\n",
    });
    expect(rules(violations)).toEqual(['cli:through-api', 'cli:through-api']);
    expect(violations.map((v) => `${v.from} → ${v.to}`).sort()).toEqual([
      'src/main/cli/commands/train-command.ts → src/main/core/audit/run-store.ts',
      'src/main/cli/toe.ts → src/main/core/audit/run-store.ts',
    ]);
  });

  it('fails an import cycle, within one folder', () => {
    const violations = cruise({
      'src/main/core/report/page-furniture.ts':
        "import { b } from './pdf-layout';\nexport const a = (): number => b();\n",
      'src/main/core/report/pdf-layout.ts':
        "import { a } from './page-furniture';\nexport const b = (): number => a();\n",
    });
    expect(new Set(rules(violations))).toEqual(new Set(['no-circular']));
  });

  it('fails SQLite imported anywhere but the store', () => {
    const violations = cruise({
      'src/main/core/store/database.ts':
        "import Database from 'better-sqlite3';\nexport const open = (path: string) => new Database(path);\n",
      'src/main/core/audit/run-store.ts':
        "import type { Database } from 'better-sqlite3';\nexport const rows = (db: Database) => db.prepare('SELECT 1').all();\n",
    });
    expect(rules(violations)).toEqual(['store:owns-sqlite']);
    expect(violations[0]?.from).toBe('src/main/core/audit/run-store.ts');
  });

  it('fails a file under src/ that belongs to no layer', () => {
    const violations = cruise({
      'src/shared/domain.ts': 'export const x = 1;\n',
      'src/main/stray.ts': "import { x } from '../shared/domain';\nexport const y = x;\n",
    });
    expect(rules(violations)).toEqual(['layer:none']);
  });
});
