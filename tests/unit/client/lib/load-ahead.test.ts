import { describe, expect, it } from 'vitest';
import type { ShouldRevalidateFunctionArgs } from 'react-router';
import {
  LOAD_AHEAD_TTL_MS,
  loadAhead,
  peekFulfilledAhead,
  routeParamsChanged,
  takeLoadedAhead,
} from '../../../../src/client/lib/load-ahead';

describe('loadAhead', () => {
  it('starts a load once and hands it to the first taker only', async () => {
    let calls = 0;
    const load = () => Promise.resolve(`ticket ${(calls += 1)}`);
    loadAhead('ticket:a', load, 1_000);
    loadAhead('ticket:a', load, 1_001);
    expect(calls).toBe(1);
    const taken = takeLoadedAhead('ticket:a', 1_002);
    await expect(taken).resolves.toBe('ticket 1');
    expect(takeLoadedAhead('ticket:a', 1_003)).toBeUndefined();
    expect(takeLoadedAhead('ticket:never', 1_003)).toBeUndefined();
  });

  it('forgets a load nobody took within its time to live', () => {
    loadAhead('ticket:b', () => Promise.resolve('b'), 5_000);
    expect(takeLoadedAhead('ticket:b', 5_000 + LOAD_AHEAD_TTL_MS + 1)).toBeUndefined();
  });

  it('keeps a failed load for its taker, without an unhandled rejection meanwhile', async () => {
    loadAhead('ticket:c', () => Promise.reject(new Error('404')), 9_000);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(takeLoadedAhead('ticket:c', 9_001)).rejects.toThrow('404');
  });
});

describe('peekFulfilledAhead', () => {
  it('gives nothing while the load runs, and leaves it for the hook that awaits it', async () => {
    let finish: (value: string) => void = () => {};
    loadAhead('ticket:d', () => new Promise<string>((resolve) => (finish = resolve)), 10_000);
    expect(peekFulfilledAhead('ticket:d', 10_001)).toBeUndefined();
    finish('d');
    await expect(takeLoadedAhead('ticket:d', 10_002)).resolves.toBe('d');
  });

  it('gives a fulfilled load’s value to every render until the load is taken', async () => {
    loadAhead('ticket:e', () => Promise.resolve('e'), 11_000);
    await new Promise((resolve) => setTimeout(resolve, 0));
    // a render React throws away, then the one it keeps: both see the data
    expect(peekFulfilledAhead('ticket:e', 11_001)).toEqual({ value: 'e' });
    expect(peekFulfilledAhead('ticket:e', 11_002)).toEqual({ value: 'e' });
    await expect(takeLoadedAhead('ticket:e', 11_003)).resolves.toBe('e');
    expect(peekFulfilledAhead('ticket:e', 11_004)).toBeUndefined();
  });

  it('leaves a failed load for the hook that reports it', async () => {
    loadAhead('ticket:f', () => Promise.reject(new Error('500')), 12_000);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(peekFulfilledAhead('ticket:f', 12_001)).toBeUndefined();
    await expect(takeLoadedAhead('ticket:f', 12_002)).rejects.toThrow('500');
  });

  it('forgets a load nobody took within its time to live', async () => {
    loadAhead('ticket:g', () => Promise.resolve('g'), 13_000);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(peekFulfilledAhead('ticket:g', 13_000 + LOAD_AHEAD_TTL_MS + 1)).toBeUndefined();
  });
});

describe('routeParamsChanged', () => {
  const change = (currentParams: Record<string, string>, nextParams: Record<string, string>) =>
    routeParamsChanged({ currentParams, nextParams } as unknown as ShouldRevalidateFunctionArgs);

  it('runs a loader again for another record or area, not for a new query string of the same page', () => {
    expect(change({ area: 'AP', id: '1' }, { area: 'AP', id: '1' })).toBe(false);
    expect(change({ area: 'AP', id: '1' }, { area: 'AP', id: '2' })).toBe(true);
    expect(change({ area: 'AP' }, { area: 'Incident' })).toBe(true);
    expect(change({ area: 'AP' }, { parentArea: 'AP', parentId: '7', area: 'APDetail' })).toBe(true);
  });
});
