/**
 * Where a worker thread's code is. From source (CLI under tsx, tests) the module is a .ts
 * file, and a worker starts without the parent's loader hooks, so it boots through
 * worker-bootstrap.mjs, which registers tsx first; the built app (electron-vite) has the
 * compiled <name>.js next to the main bundle and starts it directly.
 */
export interface WorkerScript {
  /** What `new Worker()` runs. */
  script: URL;
  /** The worker module itself (pass its href as workerData.entry for the bootstrap). */
  entry: URL;
}

export function workerScript(name: string, entry?: URL): WorkerScript {
  const fromSource = import.meta.url.endsWith('.ts');
  // A variable, not a literal: bundlers rewrite `new URL('literal', import.meta.url)`.
  const file = `${name}${fromSource ? '.ts' : '.js'}`;
  const target = entry ?? new URL(file, import.meta.url);
  const needsTsx = target.pathname.endsWith('.ts');
  const bootstrap = 'worker-bootstrap.mjs';
  return { script: needsTsx ? new URL(bootstrap, import.meta.url) : target, entry: target };
}
