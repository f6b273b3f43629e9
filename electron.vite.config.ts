// Build of the three Electron targets. The main process keeps native modules (and every
// other dependency) external so they load from node_modules at run time; the preload is
// sandboxed, so it must be one self-contained CommonJS file that requires only `electron`.
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import vue from '@vitejs/plugin-vue';
import type { Plugin } from 'vite';
import { contentSecurityPolicy } from './src/shared/content-security-policy';

/** Native modules never go through the bundler: they are loaded by Node's own require. */
const NATIVE_MODULES = ['better-sqlite3', 'onnxruntime-node', '@napi-rs/canvas'];

/** Injects the app's CSP as the first <head> child: strict when built, HMR-aware in dev. */
function cspMetaTag(): Plugin {
  return {
    name: 'toe-csp-meta',
    transformIndexHtml(html, context) {
      const local = context.server?.resolvedUrls?.local[0];
      const policy = contentSecurityPolicy({
        delivery: 'meta',
        devServerOrigin: local ? new URL(local).origin : undefined,
      });
      return {
        html,
        tags: [
          {
            tag: 'meta',
            attrs: { 'http-equiv': 'Content-Security-Policy', content: policy },
            injectTo: 'head-prepend',
          },
        ],
      };
    },
  };
}

export default defineConfig({
  main: {
    build: {
      externalizeDeps: { include: NATIVE_MODULES },
      rolldownOptions: {
        // Shared chunks beside the entries, not in chunks/: worker-script.ts finds the worker
        // entries (worker-thread.js, thread-host.js) next to its own module's file, and it is
        // bundled into a shared chunk.
        output: { chunkFileNames: '[name]-[hash].js' },
        input: {
          index: resolve(import.meta.dirname, 'src/main/index.ts'),
          // Every worker thread (audit and evaluation pools, figures, evaluations) starts this
          // file, which loads the work it is asked for (worker-script.ts finds it next to the
          // main bundle as worker-thread.js), so it must be an entry of its own.
          'worker-thread': resolve(import.meta.dirname, 'src/main/core/api/worker-thread.ts'),
          // The desktop app's pool workers run in host processes started with
          // --single-threaded-gc (pool-thread.ts forks thread-host.js from next to the bundle).
          'thread-host': resolve(import.meta.dirname, 'src/main/core/jobs/thread-host.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      // Sandboxed preloads cannot require anything but `electron`: bundle the rest.
      externalizeDeps: false,
      isolatedEntries: true,
      rolldownOptions: {
        input: { index: resolve(import.meta.dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'src/renderer'),
    plugins: [vue(), cspMetaTag()],
    build: {
      rolldownOptions: {
        input: { index: resolve(import.meta.dirname, 'src/renderer/index.html') },
      },
    },
  },
});
