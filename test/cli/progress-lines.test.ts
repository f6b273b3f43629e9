/**
 * Issue 26: `toe evaluate` and `toe evaluate --spurious` write the same progress to a log (not a
 * terminal): a line per phase and one at every tenth of the work, with the job's own ETA when
 * it has one. (Through the real command: test/cli/evaluate.test.ts, "12/12".)
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { progressInTenths } from '../../src/main/cli/progress-bar';

describe('progress in tenths, in a log', () => {
  const tty = process.stderr.isTTY;
  afterEach(() => {
    process.stderr.isTTY = tty;
    vi.restoreAllMocks();
  });

  function written(run: (sink: ReturnType<typeof progressInTenths>['sink']) => void): string {
    process.stderr.isTTY = false;
    const lines: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    const progress = progressInTenths(false);
    run(progress.sink);
    progress.stop();
    return lines.join('');
  }

  it('writes the phase once, a line at the first step and at each tenth, with the job’s ETA', () => {
    const text = written((sink) => {
      for (let done = 0; done <= 20; done++)
        sink({ phase: 'evaluating stays', done, total: 20, etaSeconds: 90 });
    });
    // The first stay done, then each tenth.
    const lines = [1, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20].map((d) => `  ${d}/20, ETA 1 min 30 s\n`);
    expect(text).toBe(`evaluating stays…\n${lines.join('')}`);
  });

  it('starts counting again in a new phase; without the job’s ETA, none yet at first', () => {
    const text = written((sink) => {
      sink({ phase: 'building', done: 1, total: 2 });
      sink({ phase: 'auditing', done: 1, total: 2 });
    });
    expect(text).toBe('building…\n  1/2\nauditing…\n  1/2\n');
  });

  it('writes nothing for --json', () => {
    const lines: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    progressInTenths(true).sink({ phase: 'x', done: 1, total: 2 });
    expect(lines).toEqual([]);
  });
});
