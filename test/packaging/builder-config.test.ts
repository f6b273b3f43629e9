// The promises electron-builder.yml makes, checked without building an installer (that
// downloads Electron): electron-builder accepts the file, every target is named, only the
// build output ships, native modules and what the worker threads import are unpacked from
// app.asar, and every path the packaged app resolves (app-paths.ts) is something it ships.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
// electron-builder's own loader and schema check: app-builder-lib is its implementation, at
// the exact version electron-builder pins.
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config';
import { DebugLogger } from 'builder-util';
import type { Configuration, FileSet, TargetConfiguration } from 'electron-builder';
import { Minimatch } from 'minimatch';
import { beforeAll, describe, expect, it } from 'vitest';
import { outsideAsar } from '../../src/main/core/jobs/worker-script';
import { MIMIC_TASKS } from '../../src/main/core/import/clinical-variables';
import { FONT_FILES } from '../../src/main/core/report/report-fonts';
import { appPaths } from '../../src/main/electron/app-paths';

const REPO = resolve(import.meta.dirname, '../..');
/** Each worker's entry (electron.vite.config.ts) and the core folder of its source. */
const WORKER_FOLDERS: Record<string, string> = {
  // The one worker thread script: every pool worker and one-shot thread (worker-script.ts).
  'worker-thread': 'api',
  // Not a thread but the process that hosts the desktop app's pool threads (pool-thread.ts).
  'thread-host': 'jobs',
};
const WORKERS = Object.keys(WORKER_FOLDERS);
const PLATFORMS = { linux: 'linux', win: 'win32', mac: 'darwin' } as const;

/** Packages a worker's imports depend on only to install: none is loaded at run time. */
const INSTALL_TIME_ONLY: Record<string, string> = {
  'prebuild-install': "better-sqlite3's install script fetches its prebuilt binary",
  'adm-zip': "onnxruntime-node's install script unpacks optional CUDA libraries",
  'global-agent': "onnxruntime-node's install script downloads through a proxy",
};

/** The glob patterns of a `files`-like option, as electron-builder reads them. */
function patternsOf(value: Configuration['files']): string[] {
  const entries: (string | FileSet)[] = value == null ? [] : Array.isArray(value) ? value : [value];
  return entries.flatMap((entry) => {
    if (typeof entry === 'string') return [entry];
    if (entry.from !== undefined && entry.from !== '.') return [];
    const filter = entry.filter ?? [];
    return Array.isArray(filter) ? filter : [filter];
  });
}

/** electron-builder's rule: patterns apply in order, `!` excludes what came before it. */
function matches(path: string, patterns: readonly string[]): boolean {
  let match = false;
  for (const source of patterns) {
    const pattern = new Minimatch(source, { dot: true });
    if (match !== pattern.negate) continue;
    match = pattern.match(path);
  }
  return match;
}

type Targets = string | TargetConfiguration | (string | TargetConfiguration)[] | null | undefined;

function targetNames(target: Targets): string[] {
  const targets = target == null ? [] : Array.isArray(target) ? target : [target];
  return targets.map((t) => (typeof t === 'string' ? t : t.target));
}

interface LockPackage {
  dev?: boolean;
  devOptional?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}
const lock = JSON.parse(readFileSync(join(REPO, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockPackage>;
};

/** Lock keys (node_modules/…) of `names` and everything they depend on at run time. */
function runtimeClosure(names: Iterable<string>): Set<string> {
  const found = new Set<string>();
  const pending = [...names].map((name) => ({ from: null as string | null, name }));
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (next.name in INSTALL_TIME_ONLY) continue;
    // npm's lookup: a copy nested in the dependent package first, else the hoisted one.
    const nested = next.from && `${next.from}/node_modules/${next.name}`;
    const key = nested && lock.packages[nested] ? nested : `node_modules/${next.name}`;
    const entry = lock.packages[key];
    if (!entry || found.has(key)) continue;
    found.add(key);
    const deps = { ...entry.dependencies, ...entry.optionalDependencies };
    for (const name of Object.keys(deps)) pending.push({ from: key, name });
  }
  return found;
}

/** npm packages a worker thread imports: a walk of its source's static and dynamic imports. */
function workerPackages(entries: readonly string[]): Set<string> {
  const imports = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
  const dynamicImports = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
  const seen = new Set<string>();
  const packages = new Set<string>();
  const pending = [...entries];
  for (let file = pending.pop(); file; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const [, specifier = ''] of [
      ...source.matchAll(imports),
      ...source.matchAll(dynamicImports),
    ]) {
      if (specifier.startsWith('node:')) continue;
      if (!specifier.startsWith('.')) {
        const parts = specifier.split('/');
        packages.add(parts.slice(0, specifier.startsWith('@') ? 2 : 1).join('/'));
        continue;
      }
      const base = resolve(dirname(file), specifier);
      const candidates = [base, `${base}.ts`, base.replace(/\.js$/, '.ts'), join(base, 'index.ts')];
      const target = candidates.find((c) => existsSync(c) && statSync(c).isFile());
      if (!target) throw new Error(`${file}: cannot resolve ${specifier}`);
      pending.push(target);
    }
  }
  return packages;
}

/** Every file under `dir`, relative to the repository. */
function filesUnder(dir: string): string[] {
  return readdirSync(join(REPO, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(REPO, join(entry.parentPath, entry.name)));
}

let config: Configuration;

beforeAll(async () => {
  config = await getConfig(REPO, join(REPO, 'electron-builder.yml'), null);
});

describe('electron-builder.yml', () => {
  it('is a configuration electron-builder accepts (and it does check)', async () => {
    await validateConfiguration(config, new DebugLogger(false));
    const misspelt = { ...config, asarUnpacked: ['out/**'] } as Configuration;
    await expect(validateConfiguration(misspelt, new DebugLogger(false))).rejects.toThrow(
      /asarUnpacked/,
    );
  });

  it('makes an AppImage and a deb for Linux, an NSIS installer for Windows, a dmg for macOS', () => {
    expect(config.productName).toBe('ToE Audit');
    expect(config.appId).toBeTruthy();
    expect(targetNames(config.linux?.target).sort()).toEqual(['AppImage', 'deb']);
    expect(targetNames(config.win?.target)).toEqual(['nsis']);
    expect(targetNames(config.mac?.target)).toEqual(['dmg']);
    // A deb without a maintainer is refused by electron-builder (package.json has no author).
    expect(config.linux?.maintainer).toBeTruthy();
    expect(config.linux?.category).toBe('Science');
    expect(config.deb?.packageCategory).toBe('science');
    expect(config.publish).toBeNull();
  });

  it('ships the build output and package.json, never sources, tests, training, docs or bench', () => {
    const files = patternsOf(config.files);
    for (const shipped of [
      'out/main/index.js',
      'out/main/chunks/search-x.js',
      'out/preload/index.cjs',
      'out/renderer/index.html',
      'package.json',
    ]) {
      expect(matches(shipped, files), shipped).toBe(true);
    }
    for (const kept of [
      'src/main/index.ts',
      'test/packaging/builder-config.test.ts',
      'training/train.py',
      'docs/method.md',
      'bench/run.ts',
      'scripts/setup.sh',
      'README.md',
      'electron-builder.yml',
      // Shipped as real files beside app.asar instead (extraResources).
      'resources/models/E1/manifest.json',
    ]) {
      expect(matches(kept, files), kept).toBe(false);
    }
  });

  it("rebuilds native modules for Electron's ABI", () => {
    expect(config.npmRebuild).toBe(true);
    expect(config.buildDependenciesFromSource ?? false).toBe(false);
  });

  it('unpacks every native binary of the production dependencies from app.asar', () => {
    const unpack = patternsOf(config.asarUnpack);
    const production = Object.entries(lock.packages)
      .filter(([key, entry]) => key !== '' && !entry.dev && !entry.devOptional)
      .map(([key]) => key)
      .filter((key) => existsSync(join(REPO, key)));
    const binaries = production
      .flatMap((key) => filesUnder(key))
      .filter((file) => /\.(node|dll|dylib)$|\.so(\.\d+)*$/.test(file));
    // The three native modules, at least: a wrong walk must not pass vacuously.
    for (const name of ['better-sqlite3', 'onnxruntime-node', '@napi-rs/canvas-']) {
      expect(binaries.some((file) => file.startsWith(`node_modules/${name}`))).toBe(true);
    }
    for (const binary of binaries) expect(matches(binary, unpack), binary).toBe(true);
  });

  it('unpacks the worker threads, package.json and every package the workers load', () => {
    const unpack = patternsOf(config.asarUnpack);
    for (const file of ['package.json', 'out/main/chunks/objective-x.js']) {
      expect(matches(file, unpack), file).toBe(true);
    }
    const imported = workerPackages(
      WORKERS.map((name) => join(REPO, 'src/main/core', WORKER_FOLDERS[name]!, `${name}.ts`)),
    );
    expect([...imported]).toEqual(expect.arrayContaining(['better-sqlite3', 'onnxruntime-node']));
    for (const key of runtimeClosure(imported)) {
      expect(matches(`${key}/package.json`, unpack), key).toBe(true);
    }
  });

  it("keeps each platform's onnxruntime binaries, and only those, in its installer", () => {
    const top = patternsOf(config.files).filter((p) => p.startsWith('!'));
    for (const [platform, nodeName] of Object.entries(PLATFORMS)) {
      const own = patternsOf(config[platform as keyof typeof PLATFORMS]?.files);
      // electron-builder adds the production dependencies, then applies only exclusions.
      const modules = ['**/*', ...top, ...own.filter((p) => p.startsWith('!'))];
      for (const other of Object.values(PLATFORMS)) {
        const binding = `node_modules/onnxruntime-node/bin/napi-v6/${other}/x64/onnxruntime_binding.node`;
        expect(matches(binding, modules), `${platform}: ${binding}`).toBe(other === nodeName);
      }
    }
  });
});

describe('what the packaged app resolves is what the installer ships', () => {
  const resourcesPath = '/opt/ToE Audit/resources';
  const asar = join(resourcesPath, 'app.asar');
  const paths = appPaths({ isPackaged: true, resourcesPath, mainDir: join(asar, 'out/main') });

  /** True when an extraResources entry copies an existing file to this path. */
  function shippedAsResource(path: string): boolean {
    const value = config.extraResources;
    const entries = value == null ? [] : Array.isArray(value) ? value : [value];
    const inResources = relative(resourcesPath, path);
    return entries.some((entry) => {
      if (typeof entry === 'string' || !entry.from) return false;
      const prefix = entry.to ? `${entry.to}/` : '';
      if (!inResources.startsWith(prefix)) return false;
      const within = inResources.slice(prefix.length);
      const filter = entry.filter ?? ['**/*'];
      return (
        matches(within, Array.isArray(filter) ? filter : [filter]) &&
        existsSync(join(REPO, entry.from, within))
      );
    });
  }

  it('every file of every shipped model bundle, E1 to E4', () => {
    expect(MIMIC_TASKS).toEqual(['E1', 'E2', 'E3', 'E4']);
    for (const task of MIMIC_TASKS) {
      const bundle = join(paths.resources.modelsDir, task);
      const manifest = JSON.parse(
        readFileSync(join(REPO, 'resources/models', task, 'manifest.json'), 'utf8'),
      ) as { files: { path: string }[] };
      expect(manifest.files.length).toBeGreaterThan(0);
      for (const file of ['manifest.json', ...manifest.files.map((f) => f.path)]) {
        expect(shippedAsResource(join(bundle, file)), `${task}/${file}`).toBe(true);
      }
    }
  });

  it("the report's fonts", () => {
    for (const font of Object.values(FONT_FILES)) {
      expect(shippedAsResource(join(paths.resources.fontsDir, font)), font).toBe(true);
    }
  });

  it('the renderer and the preload, inside app.asar', () => {
    const files = patternsOf(config.files);
    for (const path of [join(paths.rendererDir, 'index.html'), paths.preloadPath]) {
      expect(matches(relative(asar, path), files), path).toBe(true);
    }
  });

  it('the worker scripts, unpacked beside app.asar', () => {
    const mainBundle = pathToFileURL(join(asar, 'out/main/index.js'));
    for (const name of WORKERS) {
      const worker = fileURLToPath(outsideAsar(new URL(`${name}.js`, mainBundle)));
      const inArchive = relative(`${asar}.unpacked`, worker);
      expect(inArchive).toBe(`out/main/${name}.js`);
      expect(matches(inArchive, patternsOf(config.files)), inArchive).toBe(true);
      expect(matches(inArchive, patternsOf(config.asarUnpack)), inArchive).toBe(true);
    }
  });
});

describe('package.json', () => {
  const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
    devDependencies: Record<string, string>;
  };

  it('pins electron-builder exactly and has the package scripts', () => {
    expect(pkg.devDependencies['electron-builder']).toMatch(/^\d+\.\d+\.\d+$/);
    expect(pkg.scripts.package).toContain('scripts/package-app.ts');
    for (const [script, flag] of [
      ['package:linux', '--linux'],
      ['package:win', '--win'],
      ['package:mac', '--mac'],
    ] as const) {
      expect(pkg.scripts[script]).toBe(`${pkg.scripts.package} ${flag}`);
    }
  });
});
