/**
 * A small data-loading hook for pages: loads when `key` changes, aborts the previous load,
 * and offers `reload()` for a "Try again" button.
 */
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { peekFulfilledAhead, takeLoadedAhead } from './load-ahead';
import { startProgress } from './progress';

/** State of one load: `loading`, then `ready` with data or `error` with what was thrown. */
export type Resource<T> =
  | { status: 'loading'; data?: undefined; error?: undefined; reload: () => void }
  | { status: 'ready'; data: T; error?: undefined; reload: () => void }
  | { status: 'error'; data?: undefined; error: unknown; reload: () => void };

type LoadState<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: unknown };

/**
 * Runs `load(signal)` whenever `key` changes (or `reload()` is called) and returns its state.
 * `load` may change identity between renders; only `key` decides when to load again. The first
 * load of a key takes the one `loadAhead(key, …)` started (load-ahead.ts), if any, instead.
 *
 * Data already in when the hook mounts is its first render's, with no "Loading…" render and no
 * request: what `known()` returns (e.g. a fulfilled cache entry, lib/cache.ts `fulfilledValue`),
 * else a load started ahead for `key` that has fulfilled. A page whose data arrived before its
 * chunks thus shows in one render.
 */
export function useResource<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
  known?: () => { value: T } | undefined,
): Resource<T> {
  const loadRef = useRef(load);
  loadRef.current = load;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState<T> & { key: string; attempt: number }>(() => {
    // read, not taken: a render React throws away must leave it for the one it keeps (load-ahead.ts)
    const early = known?.() ?? (peekFulfilledAhead(key) as { value: T } | undefined);
    return early ? { status: 'ready', data: early.value, key, attempt: 0 } : { status: 'loading', key, attempt: 0 };
  });
  // the key whose data the first render had already: its first effect has nothing to load
  const readyAtMount = useRef(state.status === 'ready' ? key : null);

  useEffect(() => {
    const hadData = readyAtMount.current === key && attempt === 0;
    readyAtMount.current = null;
    if (hadData) {
      // the first render showed it: the load started ahead (if it was that) is used up
      void takeLoadedAhead(key);
      return;
    }
    const controller = new AbortController();
    const endProgress = startProgress(); // the progress bar also shows while data loads
    setState((previous) =>
      previous.status === 'loading' && previous.key === key ? previous : { status: 'loading', key, attempt },
    );
    const early = attempt === 0 ? (takeLoadedAhead(key) as Promise<T> | undefined) : undefined;
    // what arrives renders as a transition: in slices that leave the main thread free for input
    // (https://react.dev/reference/react/startTransition)
    (early ?? loadRef.current(controller.signal)).then(
      (data) => {
        endProgress();
        if (!controller.signal.aborted) startTransition(() => setState({ status: 'ready', data, key, attempt }));
      },
      (error: unknown) => {
        endProgress();
        if (!controller.signal.aborted) startTransition(() => setState({ status: 'error', error, key, attempt }));
      },
    );
    return () => {
      controller.abort();
      endProgress();
    };
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);

  // A render after `key` changed but before the effect ran must not show the previous key's data.
  if (state.key !== key || state.attempt !== attempt) return { status: 'loading', reload };
  if (state.status === 'ready') return { status: 'ready', data: state.data, reload };
  if (state.status === 'error') return { status: 'error', error: state.error, reload };
  return { status: 'loading', reload };
}
