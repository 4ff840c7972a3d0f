/**
 * Runs tasks one at a time, oldest arrival first, yielding to the event loop between tasks.
 *
 * Each task carries the arrival number of the work it belongs to: the number an HTTP request was
 * given when it arrived ({@link runAsArrival}, set by plugins/admission), or a new number for work
 * outside any request. A request's second, third… task therefore goes before every task of a
 * request that arrived after it, so no request waits behind an unbounded number of later
 * arrivals (a plain first-come queue makes every step of a request queue again behind all newer
 * requests' steps). A transaction is one task, so reads cannot starve it and it cannot be
 * interleaved with other work.
 *
 * Between two tasks the queue waits for `setImmediate`: the continuation of the finished task
 * runs first (so its request's next task is already queued when the next one is chosen), and
 * the event loop polls its sockets and signals. Without that, a database that runs in the
 * process (PGlite) works through its whole backlog in one stretch of promise callbacks, during
 * which no connection is accepted (libuv accepts one connection per loop iteration) and no
 * signal is handled.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const arrival = new AsyncLocalStorage<number>();
let lastArrival = 0;

/** A new arrival number, greater than every one given before in this process. */
export function nextArrival(): number {
  lastArrival += 1;
  return lastArrival;
}

/** Runs `fn` so that queue tasks it starts, directly or later in its async continuations, carry `ticket`. */
export function runAsArrival<T>(ticket: number, fn: () => T): T {
  return arrival.run(ticket, fn);
}

type Waiter = { ticket: number; order: number; start: () => void };

/** See the module comment. */
export class FairQueue {
  /** Sorted by (ticket, order) descending: the next task is the last element. */
  readonly #waiting: Waiter[] = [];
  #order = 0;
  #running = false;
  #scheduled = false;

  /** Tasks waiting to start (not counting the one running). */
  get waiting(): number {
    return this.#waiting.length;
  }

  /** Queues `task` under the current arrival number (a new one outside any request); settles as the task does. */
  run<T>(task: () => Promise<T>): Promise<T> {
    const ticket = arrival.getStore() ?? nextArrival();
    return new Promise<T>((resolve, reject) => {
      this.#insert({
        ticket,
        order: (this.#order += 1),
        start: () => {
          let running: Promise<T>;
          try {
            running = task();
          } catch (error) {
            running = Promise.reject(error instanceof Error ? error : new Error(String(error)));
          }
          void running.then(resolve, reject).finally(() => {
            this.#running = false;
            this.#schedule();
          });
        },
      });
      if (!this.#running && !this.#scheduled) this.#dispatch();
    });
  }

  #insert(waiter: Waiter): void {
    const waiting = this.#waiting;
    let low = 0;
    let high = waiting.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const other = waiting[middle] as Waiter;
      const before = other.ticket > waiter.ticket || (other.ticket === waiter.ticket && other.order > waiter.order);
      if (before) low = middle + 1;
      else high = middle;
    }
    waiting.splice(low, 0, waiter);
  }

  #schedule(): void {
    if (this.#scheduled || this.#waiting.length === 0) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      this.#dispatch();
    });
  }

  #dispatch(): void {
    if (this.#running) return;
    const next = this.#waiting.pop();
    if (!next) return;
    this.#running = true;
    next.start();
  }
}
