import { describe, expect, it } from 'vitest';
import { FairQueue, nextArrival, runAsArrival } from '../../../src/server/lib/fair-queue';

/** A task that records its start and end and finishes when `release` is called. */
function gate(log: string[], name: string) {
  let release: () => void = () => {};
  const done = new Promise<void>((resolve) => (release = resolve));
  const task = async () => {
    log.push(`${name} start`);
    await done;
    log.push(`${name} end`);
    return name;
  };
  return { task, release: () => release() };
}

const step = (log: string[], name: string) => () => {
  log.push(name);
  return Promise.resolve(name);
};

describe('FairQueue', () => {
  it('runs one task at a time', async () => {
    const queue = new FairQueue();
    const log: string[] = [];
    const first = gate(log, 'a');
    const a = queue.run(first.task);
    const b = queue.run(step(log, 'b'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(['a start']);
    first.release();
    expect(await Promise.all([a, b])).toEqual(['a', 'b']);
    expect(log).toEqual(['a start', 'a end', 'b']);
  });

  it("serves a request's next step before any step of a request that arrived after it", async () => {
    const queue = new FairQueue();
    const log: string[] = [];
    const [older, newer] = [nextArrival(), nextArrival()];
    const blocker = gate(log, 'blocker');
    const blocked = queue.run(blocker.task);
    // The older request queues its first step; the newer one queues its first step while the
    // older one's first step waits; the older one's second step is queued only after its first.
    const olderRequest = runAsArrival(older, async () => {
      await queue.run(step(log, 'older 1'));
      await queue.run(step(log, 'older 2'));
    });
    const newerRequest = runAsArrival(newer, () => queue.run(step(log, 'newer 1')));
    blocker.release();
    await Promise.all([blocked, olderRequest, newerRequest]);
    // A plain first-come queue would give: older 1, newer 1, older 2.
    expect(log).toEqual(['blocker start', 'blocker end', 'older 1', 'older 2', 'newer 1']);
  });

  it('lets an older arrival overtake tasks that were queued before it', async () => {
    const queue = new FairQueue();
    const log: string[] = [];
    const [older, newer] = [nextArrival(), nextArrival()];
    const blocker = gate(log, 'blocker');
    const blocked = queue.run(blocker.task);
    const late = runAsArrival(newer, () => queue.run(step(log, 'newer')));
    const early = runAsArrival(older, () => queue.run(step(log, 'older')));
    blocker.release();
    await Promise.all([blocked, late, early]);
    expect(log).toEqual(['blocker start', 'blocker end', 'older', 'newer']);
  });

  it('lets the event loop run between two tasks', async () => {
    const queue = new FairQueue();
    const log: string[] = [];
    const first = queue.run(() => {
      setImmediate(() => log.push('immediate'));
      log.push('first');
      return Promise.resolve();
    });
    const second = queue.run(step(log, 'second'));
    await Promise.all([first, second]);
    expect(log).toEqual(['first', 'immediate', 'second']);
  });

  it('passes a failure to its caller and goes on with the next task', async () => {
    const queue = new FairQueue();
    const failing = queue.run(() => Promise.reject(new Error('boom')));
    const throwing = queue.run(() => {
      throw new Error('thrown before any promise');
    });
    const next = queue.run(() => Promise.resolve('next'));
    await expect(failing).rejects.toThrow('boom');
    await expect(throwing).rejects.toThrow('thrown before any promise');
    expect(await next).toBe('next');
    expect(queue.waiting).toBe(0);
  });
});
