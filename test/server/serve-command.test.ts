// `toe serve` as a user runs it: prints the link, answers with the token, stops cleanly
// on SIGTERM with exit code 0. The end-to-end case needs the built renderer
// (`npx electron-vite build`, which `npm test` runs first) and is skipped without it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  defaultRendererDir,
  isBuiltRenderer,
  requireBuiltRenderer,
} from '../../src/main/server/renderer-dir';
import { runToe } from '../support/run-toe';

const TOE = fileURLToPath(new URL('../../bin/toe.mjs', import.meta.url));
const built = isBuiltRenderer(defaultRendererDir());

describe('toe serve', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it.runIf(built)(
    'prints a tokened 127.0.0.1 link, serves the API, and exits 0 on SIGTERM',
    async () => {
      dir = mkdtempSync(join(tmpdir(), 'toe-serve-'));
      const child = spawn(
        process.execPath,
        [TOE, '--db', join(dir, 's.sqlite'), 'serve', '--port', '0'],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stdout = '';
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const url = await new Promise<URL>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          const match = /Open (http:\/\/\S+)/.exec(stdout);
          if (match?.[1]) resolve(new URL(match[1]));
        });
        child.on('exit', () => reject(new Error(`serve exited early: ${stdout}${stderr}`)));
      });
      expect(url.hostname).toBe('127.0.0.1');
      const token =
        new URLSearchParams(url.hash.slice(url.hash.indexOf('?') + 1)).get('token') ?? '';
      expect(token.length).toBeGreaterThanOrEqual(32);
      const res = await fetch(`${url.origin}/api/call/cohorts.list`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect(await res.json()).toEqual({ ok: true, value: [] });
      const exit = new Promise<number | null>((resolve) =>
        child.on('exit', (code) => resolve(code)),
      );
      child.kill('SIGTERM');
      expect(await exit).toBe(0);
      expect(stderr).toMatch(/SIGTERM received, stopping/);
    },
  );

  it('says to build first when the renderer is missing', () => {
    dir = mkdtempSync(join(tmpdir(), 'toe-serve-'));
    expect(() => requireBuiltRenderer(dir)).toThrow(/No built app in .*Run `npm run build` first/);
  });

  it('refuses a token shorter than 16 characters', () => {
    dir = mkdtempSync(join(tmpdir(), 'toe-serve-'));
    const result = runToe(['serve', '--token', 'short'], join(dir, 's.sqlite'));
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/at least 16 characters/);
  });
});
