import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterPageLoad, type LoadableWindow } from '../../../../src/client/lib/after-load';

/** A window whose `load` the test fires, on Vitest's fake timers. */
function fakeWindow(readyState: DocumentReadyState): LoadableWindow & { fireLoad: () => void } {
  const target = new EventTarget();
  return {
    document: { readyState },
    addEventListener: target.addEventListener.bind(target) as Window['addEventListener'],
    setTimeout: ((handler: () => void, ms: number) => setTimeout(handler, ms)) as unknown as Window['setTimeout'],
    fireLoad: () => target.dispatchEvent(new Event('load')),
  };
}

describe('afterPageLoad', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs the work the delay after the load event, not before it', () => {
    const win = fakeWindow('interactive');
    const work = vi.fn();
    afterPageLoad(work, 3_000, win);
    vi.advanceTimersByTime(10_000);
    expect(work).not.toHaveBeenCalled();

    win.fireLoad();
    vi.advanceTimersByTime(2_999);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs it once, however often load fires', () => {
    const win = fakeWindow('loading');
    const work = vi.fn();
    afterPageLoad(work, 100, win);
    win.fireLoad();
    win.fireLoad();
    vi.advanceTimersByTime(1_000);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('counts the delay from now when the page has loaded already', () => {
    const win = fakeWindow('complete');
    const work = vi.fn();
    afterPageLoad(work, 500, win);
    vi.advanceTimersByTime(499);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);
  });
});
