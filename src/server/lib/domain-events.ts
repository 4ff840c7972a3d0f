/**
 * A small, typed, in-process event bus for domain events ("a submission was created"). A domain
 * announces what happened; other domains react without the announcer knowing them. Listeners run
 * one after another, in the order they were added, and are awaited: an event announced inside a
 * database transaction is handled inside it, and a listener that throws stops the rest and makes
 * `emit` throw (so the caller's transaction rolls back and nothing is half-written).
 *
 * Each event declares its payload and what a listener returns (`void` for a plain notification, or
 * e.g. field errors for an event that asks for objections), so `emit` returns every listener's
 * result in order.
 */

/** Per event name: the payload listeners receive and the value each returns. */
export type EventMap = Record<string, { event: unknown; result: unknown }>;

/** A listener of event `K` of map `M`. */
export type Listener<M extends EventMap, K extends keyof M> = (
  event: M[K]['event'],
) => M[K]['result'] | Promise<M[K]['result']>;

/** The bus of one app (see the module comment). */
export class DomainEvents<M extends EventMap> {
  readonly #listeners = new Map<keyof M, ((event: unknown) => unknown)[]>();

  /** Adds `listener` to event `name`; returns a function that removes it again. */
  on<K extends keyof M>(name: K, listener: Listener<M, K>): () => void {
    const wrapped = listener as (event: unknown) => unknown;
    const list = this.#listeners.get(name) ?? [];
    list.push(wrapped);
    this.#listeners.set(name, list);
    return () => {
      const current = this.#listeners.get(name) ?? [];
      this.#listeners.set(
        name,
        current.filter((item) => item !== wrapped),
      );
    };
  }

  /**
   * Runs every listener of `name` with `event`, one after another in the order they were added, and
   * returns their results in that order. Rejects with the first listener's error (later listeners
   * do not run).
   */
  async emit<K extends keyof M>(name: K, event: M[K]['event']): Promise<M[K]['result'][]> {
    const results: unknown[] = [];
    for (const listener of [...(this.#listeners.get(name) ?? [])]) results.push(await listener(event));
    return results;
  }
}
