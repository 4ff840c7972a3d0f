/**
 * A small data-loading hook for pages: loads when `key` changes, aborts the previous load,
 * and offers `reload()` for a "Try again" button.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { takeLoadedAhead } from './load-ahead';
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
 */
export function useResource<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Resource<T> {
  const loadRef = useRef(load);
  loadRef.current = load;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState<T> & { key: string; attempt: number }>({
    status: 'loading',
    key,
    attempt,
  });

  useEffect(() => {
    const controller = new AbortController();
    const endProgress = startProgress(); // the progress bar also shows while data loads
    setState((previous) =>
      previous.status === 'loading' && previous.key === key ? previous : { status: 'loading', key, attempt },
    );
    const early = attempt === 0 ? (takeLoadedAhead(key) as Promise<T> | undefined) : undefined;
    (early ?? loadRef.current(controller.signal)).then(
      (data) => {
        endProgress();
        if (!controller.signal.aborted) setState({ status: 'ready', data, key, attempt });
      },
      (error: unknown) => {
        endProgress();
        if (!controller.signal.aborted) setState({ status: 'error', error, key, attempt });
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
