// `npm run package [-- --linux | --win | --mac]`: builds the app, then its installers with
// electron-builder (electron-builder.yml; README, "Packaging the desktop app").
// electron-builder rebuilds better-sqlite3 inside node_modules for Electron's ABI; the tests,
// the CLI and `toe serve` run under Node and need Node's build, so it is rebuilt for Node
// afterwards, whether packaging worked or not.
import { spawnSync } from 'node:child_process';

// If node_modules were missing, electron-builder would install the production dependencies
// itself, and onnxruntime-node's install script would then download the CUDA provider
// libraries (hundreds of MB) into every installer; the installers are CPU-only.
const env = { ...process.env, ONNXRUNTIME_NODE_INSTALL: 'skip' };

function run(command: string, args: readonly string[]): number {
  // npm and npx are .cmd scripts on Windows, which only a shell can start.
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env,
    shell: process.platform === 'win32',
  });
  return result.status ?? 1;
}

let status = run('npx', ['electron-vite', 'build']);
if (status === 0) {
  status = run('npx', ['electron-builder', ...process.argv.slice(2)]);
  console.log('package: rebuilding better-sqlite3 for Node (tests, CLI, toe serve)');
  const restored = run('npm', ['rebuild', 'better-sqlite3']);
  if (status === 0) status = restored;
}
process.exit(status);
