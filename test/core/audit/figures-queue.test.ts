/**
 * The figures queue: no more run at once than allowed, and what waits starts headline first
 * (statistics, then the review queue's analysis, then the bias audit), in the order asked
 * within a kind, whatever order they were asked in. A failure frees its place.
 */
import { describe, expect, it } from 'vitest';
import { FiguresQueue } from '../../../src/main/core/audit/figures-queue';

/** A computation that ends when the test says so, recording when it started. */
function gate(started: string[], name: string) {
  let open: () => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const compute = () =>
    new Promise<string>((resolve, reject) => {
      started.push(name);
      open = () => resolve(name);
      fail = reject;
    });
  return { compute, open: () => open(), fail: (error: Error) => fail(error) };
}

describe('the figures queue', () => {
  it('starts the statistics first, then the abstention analysis, then the bias audit', async () => {
    const queue = new FiguresQueue(1);
    const started: string[] = [];
    const first = gate(started, 'bias of the validation run');
    const asked = [
      ['bias', 'bias of the run'],
      ['abstention', 'abstention of the run'],
      ['statistics', 'statistics of the run'],
      ['statistics', 'statistics of the validation run'],
    ] as const;
    const gates = asked.map(([, name]) => gate(started, name));
    const done = [queue.run('bias', first.compute)];
    asked.forEach(([kind], i) => done.push(queue.run(kind, gates[i]!.compute)));
    expect(started).toEqual(['bias of the validation run']);

    first.open();
    for (const g of [gates[2], gates[3], gates[1], gates[0]]) {
      await Promise.resolve();
      await new Promise((resolve) => setTimeout(resolve, 0));
      g!.open();
    }
    expect(await Promise.all(done)).toEqual([
      'bias of the validation run',
      'bias of the run',
      'abstention of the run',
      'statistics of the run',
      'statistics of the validation run',
    ]);
    expect(started).toEqual([
      'bias of the validation run',
      'statistics of the run',
      'statistics of the validation run',
      'abstention of the run',
      'bias of the run',
    ]);
  });

  it('runs up to its limit at once, and a failure frees its place', async () => {
    const queue = new FiguresQueue(2);
    const started: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((name) => gate(started, name));
    const runs = [a!, b!, c!].map((g) => queue.run('statistics', g.compute));
    expect(started).toEqual(['a', 'b']);
    a!.fail(new Error('worker exited'));
    await expect(runs[0]).rejects.toThrow('worker exited');
    expect(started).toEqual(['a', 'b', 'c']);
    b!.open();
    c!.open();
    expect(await Promise.all(runs.slice(1))).toEqual(['b', 'c']);
  });
});
