/**
 * Issue 26: scripts/setup.sh on an offline machine whose npm has no Node headers configured.
 * Its decisions, run without a network: which nodedir npm is pointed at (node-gyp's layout,
 * in a fake folder), and the one sentence a failed native build becomes.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const SETUP = join(__dirname, '../../scripts/setup.sh');

/** Sources setup.sh (which then only defines its functions) and runs one of them. */
function setupFunction(call: string, ...args: string[]) {
  // $0 must not be the script: setup.sh runs its body when BASH_SOURCE[0] equals $0, and its
  // body runs `npm ci`, which would empty this checkout's node_modules.
  const result = spawnSync(
    'bash',
    ['-c', `source "$1" && shift && ${call} "$@"`, 'bash', SETUP, ...args],
    { encoding: 'utf8' },
  );
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('setup.sh', () => {
  const root = mkdtempSync(join(tmpdir(), 'setup-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** A prefix laid out as Debian's nodejs installs its headers (include/node/...). */
  function prefixWithHeaders(name: string, major: number, files = ['node.h', 'common.gypi']) {
    const headers = join(root, name, 'include', 'node');
    mkdirSync(headers, { recursive: true });
    for (const file of files) writeFileSync(join(headers, file), '');
    writeFileSync(
      join(headers, 'node_version.h'),
      `#define NODE_MAJOR_VERSION ${major}\n#define NODE_MINOR_VERSION 20\n`,
    );
    return join(root, name);
  }

  it('is valid bash', () => {
    expect(spawnSync('bash', ['-n', SETUP]).status).toBe(0);
  });

  it('points npm at the headers when none is configured and they are this Node’s', () => {
    const prefix = prefixWithHeaders('usr', 20);
    for (const unset of ['', 'undefined', 'null']) {
      expect(setupFunction('nodedir_for_build', prefix, '20', unset).stdout).toBe(`${prefix}\n`);
    }
  });

  it('leaves npm alone when a nodedir is configured, or the headers are missing or another Node’s', () => {
    const prefix = prefixWithHeaders('configured', 20);
    expect(setupFunction('nodedir_for_build', prefix, '20', '/opt/node').stdout).toBe('');
    expect(setupFunction('nodedir_for_build', prefixWithHeaders('old', 18), '20', '').stdout).toBe(
      '',
    );
    const noGypi = prefixWithHeaders('partial', 20, ['node.h']);
    expect(setupFunction('nodedir_for_build', noGypi, '20', '').stdout).toBe('');
    expect(setupFunction('nodedir_for_build', join(root, 'nothing'), '20', '').stdout).toBe('');
  });

  it('turns a failed native build into one sentence naming the cause and the fix', () => {
    const log = join(root, 'npm-ci.log');
    writeFileSync(
      log,
      'npm error path /w/node_modules/better-sqlite3\nnpm error gyp ERR! stack Error: 404 headers\n',
    );
    const sentence = setupFunction('native_build_failure', log).stdout;
    expect(sentence.trimEnd().split('\n')).toHaveLength(1);
    expect(sentence).toMatch(/could not build better-sqlite3 from source/);
    expect(sentence).toMatch(/Node's headers are missing/);
    expect(sentence).toMatch(/npm_config_nodedir=.* bash scripts\/setup\.sh/);
    expect(sentence).toContain(log);
    writeFileSync(log, 'npm error code ENOTCACHED\n');
    expect(setupFunction('native_build_failure', log).stdout).toBe('');
  });
});
