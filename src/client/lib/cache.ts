/**
 * Tiny promise cache for reference data that does not change while the page is open (area
 * definitions, the property list). A rejected load is dropped so the next call tries again.
 * A promise's value can be read synchronously once it has fulfilled ({@link fulfilledValue}), so
 * a page whose data is already in renders it in its first render instead of "Loading…" first.
 */

const fulfilled = new WeakMap<Promise<unknown>, { value: unknown }>();

/** Returns `promise`, remembering its value once it fulfils (for {@link fulfilledValue}). */
export function trackFulfilment<T>(promise: Promise<T>): Promise<T> {
  promise.then(
    (value) => fulfilled.set(promise, { value }),
    () => undefined, // a rejection is its awaiters' to handle
  );
  return promise;
}

/** `{ value }` when `promise` (tracked by {@link trackFulfilment}) has fulfilled, else undefined. */
export function fulfilledValue<T>(promise: Promise<T> | undefined): { value: T } | undefined {
  return promise ? (fulfilled.get(promise) as { value: T } | undefined) : undefined;
}

/** Returns `load()`'s promise for `key`, reusing a pending or fulfilled one (tracked: {@link fulfilledValue}). */
export function cachedPromise<T>(cache: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
  const existing = cache.get(key);
  if (existing) return existing;
  const pending = load().catch((error: unknown) => {
    cache.delete(key);
    throw error;
  });
  cache.set(key, trackFulfilment(pending));
  return pending;
}
