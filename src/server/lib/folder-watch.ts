/**
 * Watches a folder tree and calls back, debounced, when something in it may have changed: file
 * system events (node:fs `watch`, recursive where the platform supports it, Node's documentation
 * "fs.watch" / "Caveats"), plus a periodic call as a fallback for what events miss (network and
 * container file systems, a watcher that died, a folder replaced by a rename). The callback never
 * overlaps itself: a change seen while it runs calls it once more afterwards.
 */
import { watch, type FSWatcher } from 'node:fs';

/** What {@link watchFolder} takes. */
export type FolderWatchOptions = {
  /** Quiet time after the last event before `onChange` runs (milliseconds). */
  debounceMs: number;
  /** Period of the fallback call (milliseconds). */
  intervalMs: number;
  /** Looks at the folder again; `reason` says what triggered it. Rejections go to `onError`. */
  onChange: (reason: 'event' | 'interval') => Promise<void>;
  /** A failed watcher (it is re-armed on the next period) or a rejected `onChange`. */
  onError: (error: unknown) => void;
};

/** A running watch; `close` stops the watcher and timers and resolves once a running callback ended. */
export type FolderWatch = { close: () => Promise<void> };

function openWatcher(folder: string, onEvent: () => void): FSWatcher {
  try {
    return watch(folder, { recursive: true, persistent: false }, onEvent);
  } catch (error) {
    // Recursive watching is not available everywhere; the top level still shows added and removed folders.
    if ((error as { code?: unknown }).code !== 'ERR_FEATURE_UNAVAILABLE_ON_PLATFORM') throw error;
    return watch(folder, { persistent: false }, onEvent);
  }
}

/** Starts watching `folder` (see the module comment). */
export function watchFolder(folder: string, options: FolderWatchOptions): FolderWatch {
  let watcher: FSWatcher | null = null;
  let debounce: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | null = null;
  let again: 'event' | 'interval' | null = null;
  let closed = false;

  const run = (reason: 'event' | 'interval') => {
    if (closed) return;
    if (running) {
      again = reason;
      return;
    }
    running = options
      .onChange(reason)
      .catch(options.onError)
      .finally(() => {
        running = null;
        const next = again;
        again = null;
        if (next) run(next);
      });
  };
  const onEvent = () => {
    clearTimeout(debounce);
    debounce = setTimeout(() => run('event'), options.debounceMs);
    debounce.unref();
  };
  const arm = () => {
    if (watcher || closed) return;
    try {
      watcher = openWatcher(folder, onEvent);
      watcher.on('error', (error) => {
        watcher?.close();
        watcher = null;
        options.onError(error);
      });
    } catch (error) {
      options.onError(error);
    }
  };
  arm();
  const timer = setInterval(() => {
    arm();
    run('interval');
  }, options.intervalMs);
  timer.unref();

  return {
    close: async () => {
      closed = true;
      clearInterval(timer);
      clearTimeout(debounce);
      watcher?.close();
      watcher = null;
      await running;
    },
  };
}
