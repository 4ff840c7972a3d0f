/**
 * Recovery from a failed page-chunk load: after a new deployment the old hashed chunks are gone,
 * so the page reloads to fetch the new app — at most once per 60 s. The reload is made by the error
 * page (error-page.tsx), which the router shows once the navigation has committed: the address is
 * then the page that was clicked, so the reload lands there and not on the page before. The time of the last such reload is kept in session storage; a second
 * failure inside the window is thrown on to the error page instead of reloading in a loop.
 */

/** Session-storage key holding the time (ms since the epoch) of the last chunk-failure reload. */
export const CHUNK_RELOAD_KEY = 'tm.chunk-reload-at';
/** At most one reload per this many ms. */
export const CHUNK_RELOAD_WINDOW_MS = 60_000;

const CHUNK_ERROR_MESSAGES = [
  'Failed to fetch dynamically imported module', // Chromium
  'error loading dynamically imported module', // Firefox
  'Importing a module script failed', // Safari
  'Unable to preload CSS', // Vite's preload helper
];

/** True when `error` is a failed load of a JavaScript or CSS chunk (not an error thrown by the module itself). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_ERROR_MESSAGES.some((text) => error.message.includes(text));
}

/** Pure rule: reload unless the last reload (`storedAt`, ms or null) is less than the window before `now` (ms). */
export function mayReloadForChunk(storedAt: string | null, now: number): boolean {
  const last = storedAt === null ? Number.NaN : Number(storedAt);
  return !Number.isFinite(last) || now - last >= CHUNK_RELOAD_WINDOW_MS || now < last;
}

/**
 * Reloads the page for a chunk failure when the 60 s window allows it and returns true; returns
 * false (caller shows the error page) when a reload already happened inside the window.
 */
export function reloadForChunkFailure(storage: Storage = window.sessionStorage, now = Date.now()): boolean {
  let storedAt: string | null;
  try {
    storedAt = storage.getItem(CHUNK_RELOAD_KEY);
  } catch {
    return false; // storage unavailable: never risk a reload loop
  }
  if (!mayReloadForChunk(storedAt, now)) return false;
  storage.setItem(CHUNK_RELOAD_KEY, String(now));
  window.location.reload();
  return true;
}

