/**
 * Where a worker thread's code is. The app has one worker script, core/api/worker-thread.ts
 * (that layer may import every kind of work it dispatches to), which every pool and one-shot
 * thread starts. From source (CLI under tsx, tests) the module is core/<folder>/<name>.ts, and
 * a worker starts without the parent's loader hooks, so it boots through worker-bootstrap.mjs,
 * which registers tsx first; the built app (electron-vite) has the compiled <name>.js next to
 * the main bundle, an entry of its own in electron.vite.config.ts, and starts it directly. In
 * an installer the main bundle is inside app.asar, and a worker thread cannot reliably start ES
 * modules from an asar archive, so electron-builder.yml unpacks out/main to app.asar.unpacked
 * and the worker starts from there.
 */
import { Worker } from 'node:worker_threads';

export interface WorkerScript {
  /** What `new Worker()` runs. */
  script: URL;
  /** The worker module itself (pass its href as workerData.entry for the bootstrap). */
  entry: URL;
}

/** What a worker thread is asked to do: worker-thread.ts picks the handler by `kind`. */
export interface WorkerThreadWork {
  kind: string;
}

/**
 * The app's worker thread (or the module at `entry`, e.g. a test's worker) and its workerData:
 * `work`, plus the module's href for worker-bootstrap.mjs.
 */
export function workerThread<W extends WorkerThreadWork>(
  work: W,
  entry?: URL,
): { script: URL; workerData: W & { entry: string } } {
  const { script, entry: module } = workerScript('worker-thread', 'api', entry);
  return { script, workerData: { ...work, entry: module.href } };
}

/** A one-shot worker thread in this process doing `work`. */
export function startWorkerThread(work: WorkerThreadWork): Worker {
  const { script, workerData } = workerThread(work);
  return new Worker(script, { workerData });
}

/** The worker `name` of core/`folder` (or the module at `entry`, e.g. a test's worker). */
export function workerScript(name: string, folder: string, entry?: URL): WorkerScript {
  const fromSource = import.meta.url.endsWith('.ts');
  // A variable, not a literal: bundlers rewrite `new URL('literal', import.meta.url)`.
  const file = fromSource ? `../${folder}/${name}.ts` : `${name}.js`;
  const target = entry ?? outsideAsar(new URL(file, import.meta.url));
  const needsTsx = target.pathname.endsWith('.ts');
  const bootstrap = 'worker-bootstrap.mjs';
  return { script: needsTsx ? new URL(bootstrap, import.meta.url) : target, entry: target };
}

/** The same file's unpacked copy when `url` is inside an asar archive (`x.asar/…`), else `url`. */
export function outsideAsar(url: URL): URL {
  const segments = url.pathname.split('/');
  const archive = segments.findIndex((segment) => segment.endsWith('.asar'));
  if (archive < 0 || archive === segments.length - 1) return url;
  segments[archive] = `${segments[archive]}.unpacked`;
  const unpacked = new URL(url.href);
  unpacked.pathname = segments.join('/');
  return unpacked;
}
