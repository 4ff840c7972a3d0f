/**
 * Gives the memory a start used up back to the operating system; the server calls it once, a
 * second after it listens (server.ts).
 *
 * Starting allocates a lot that is garbage by the time the server listens (the form areas' checks,
 * the migrations, the seed, route schemas). With `--max-semi-space-size=64` (`npm start`) V8's
 * young generation grows to 64 MB doing it and keeps those pages until its memory reducer looks
 * again, about 25 s after the start; an ordinary full collection frees the objects but does not
 * shrink the generation. V8's "last resort" collection (the one it runs before giving up on an
 * allocation) does both: it collects everything it can and shrinks the heap's spaces to what is
 * in use. It is reached through V8's `gc` extension, which Node exposes with `--expose-gc`
 * (https://nodejs.org/api/cli.html#--expose-gc); its options (`type`, `execution`, `flavor`) are
 * listed in V8's src/extensions/gc-extension.h. Without the flag this does nothing.
 *
 * Measured in docs/performance.md "Start and memory" (about 80 MB of RSS, for one pause of 85–250 ms).
 * tests/unit/server/start-garbage.test.ts fails if a Node upgrade stops the collection shrinking
 * the young generation.
 *
 * @returns how long the collection took in ms, or `null` when `gc` is not exposed
 */
export function releaseStartGarbage(): number | null {
  const gc = (globalThis as { gc?: (options: Record<string, string>) => void }).gc;
  if (typeof gc !== 'function') return null;
  const started = performance.now();
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  return performance.now() - started;
}
