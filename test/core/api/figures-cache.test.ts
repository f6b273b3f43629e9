import { describe, expect, it } from 'vitest';
import { FiguresCache } from '../../../src/main/core/api/figures-cache';

describe('FiguresCache', () => {
  it('computes a key once, even when asked again before the first answer', async () => {
    const cache = new FiguresCache();
    let computed = 0;
    const compute = () =>
      new Promise<number>((resolve) => setTimeout(() => resolve(++computed), 5));
    const [a, b] = await Promise.all([cache.get('k', compute), cache.get('k', compute)]);
    expect([a, b, computed]).toEqual([1, 1, 1]);
    expect(await cache.get('k', compute)).toBe(1);
  });

  it('forgets failures, so the next ask tries again', async () => {
    const cache = new FiguresCache();
    await expect(cache.get('k', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(cache.size).toBe(0);
    expect(await cache.get('k', () => Promise.resolve(2))).toBe(2);
  });

  it('keeps at most its capacity, dropping the least recently used', async () => {
    const cache = new FiguresCache(2);
    await cache.get('a', () => Promise.resolve('a'));
    await cache.get('b', () => Promise.resolve('b'));
    await cache.get('a', () => Promise.resolve('a again'));
    await cache.get('c', () => Promise.resolve('c'));
    expect(cache.size).toBe(2);
    expect(await cache.get('a', () => Promise.resolve('recomputed'))).toBe('a');
    expect(await cache.get('b', () => Promise.resolve('recomputed'))).toBe('recomputed');
  });
});
