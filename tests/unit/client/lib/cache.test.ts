import { describe, expect, it } from 'vitest';
import { cachedPromise, fulfilledValue, trackFulfilment } from '../../../../src/client/lib/cache';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('cachedPromise', () => {
  it('loads a key once and gives its value synchronously once it has fulfilled', async () => {
    const cache = new Map<string, Promise<string>>();
    let calls = 0;
    const load = () => Promise.resolve(`area ${(calls += 1)}`);
    const first = cachedPromise(cache, 'AP', load);
    expect(fulfilledValue(cache.get('AP'))).toBeUndefined();
    await expect(first).resolves.toBe('area 1');
    expect(fulfilledValue(cache.get('AP'))).toEqual({ value: 'area 1' });
    await cachedPromise(cache, 'AP', load);
    expect(calls).toBe(1);
  });

  it('drops a failed load, so the next call asks again and nothing is known meanwhile', async () => {
    const cache = new Map<string, Promise<string>>();
    await expect(cachedPromise(cache, 'AP', () => Promise.reject(new Error('503')))).rejects.toThrow('503');
    expect(cache.has('AP')).toBe(false);
    expect(fulfilledValue(cache.get('AP'))).toBeUndefined();
    await expect(cachedPromise(cache, 'AP', () => Promise.resolve('again'))).resolves.toBe('again');
  });
});

describe('fulfilledValue', () => {
  it('knows nothing of a promise it was not asked to track, nor of a rejected one', async () => {
    const untracked = Promise.resolve(1);
    const rejected = trackFulfilment(Promise.reject(new Error('no')));
    rejected.catch(() => undefined);
    await settle();
    expect(fulfilledValue(untracked)).toBeUndefined();
    expect(fulfilledValue(rejected)).toBeUndefined();
    expect(fulfilledValue(undefined)).toBeUndefined();
  });

  it('keeps a fulfilled undefined apart from "not fulfilled"', async () => {
    const tracked = trackFulfilment(Promise.resolve(undefined));
    await settle();
    expect(fulfilledValue(tracked)).toEqual({ value: undefined });
  });
});
