/**
 * Where a worker thread's code is. From source (CLI under tsx, tests) the module is
 * core/<folder>/<name>.ts, and a worker starts without the parent's loader hooks, so it boots
 * through worker-bootstrap.mjs, which registers tsx first; the built app (electron-vite) has
 * the compiled <name>.js next to the main bundle, an entry of its own in
 * electron.vite.config.ts, and starts it directly. In an installer the
 * main bundle is inside app.asar, and a worker thread cannot reliably start ES modules from
 * an asar archive, so electron-builder.yml unpacks out/main to app.asar.unpacked and the
 * worker starts from there.
 */
export interface WorkerScript {
  /** What `new Worker()` runs. */
  script: URL;
  /** The worker module itself (pass its href as workerData.entry for the bootstrap). */
  entry: URL;
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
