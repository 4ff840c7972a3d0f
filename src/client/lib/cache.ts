/**
 * Tiny promise cache for reference data that does not change while the page is open (area
 * definitions, the property list). A rejected load is dropped so the next call tries again.
 */

/** Returns `load()`'s promise for `key`, reusing a pending or fulfilled one. */
export function cachedPromise<T>(cache: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
  const existing = cache.get(key);
  if (existing) return existing;
  const pending = load().catch((error: unknown) => {
    cache.delete(key);
    throw error;
  });
  cache.set(key, pending);
  return pending;
}
