/**
 * Loads started before the component that shows them mounts, so a page does not fetch one thing
 * after another: the ticket page's route `loader` starts the ticket, its comments and its history
 * beside its area (which the page needs first) as the route opens. {@link useResource} takes a
 * load started here for its key instead of starting its own.
 */
import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { fulfilledValue, trackFulfilment } from './cache';

/** How long a load started ahead waits to be taken, in ms; after that a mount fetches afresh. */
export const LOAD_AHEAD_TTL_MS = 10_000;

const started = new Map<string, { promise: Promise<unknown>; at: number }>();

function forgetOld(now: number): void {
  for (const [key, entry] of started) if (now - entry.at > LOAD_AHEAD_TTL_MS) started.delete(key);
}

/**
 * Starts `load()` now for the `useResource(key, …)` about to mount; `load` must give what that
 * hook's own loader gives. Does nothing while a load of `key` started ahead waits to be taken.
 * A failure is reported by the hook that takes it (and by nothing if none does).
 */
export function loadAhead(key: string, load: () => Promise<unknown>, now = Date.now()): void {
  forgetOld(now);
  if (started.has(key)) return;
  const promise = trackFulfilment(load());
  promise.catch(() => undefined);
  started.set(key, { promise, at: now });
}

/** The load of `key` started ahead at most {@link LOAD_AHEAD_TTL_MS} ago, taken (a second call gets nothing). */
export function takeLoadedAhead(key: string, now = Date.now()): Promise<unknown> | undefined {
  forgetOld(now);
  const entry = started.get(key);
  started.delete(key);
  return entry?.promise;
}

/**
 * The value of the load of `key` started ahead when it has fulfilled already; undefined while it
 * runs, after it failed, or when none was started. Lets a page render data that is already in
 * without a "Loading…" render first.
 *
 * It leaves the load where it is: call it while rendering, and take the load
 * ({@link takeLoadedAhead}) in an effect, once the render is committed. React may render a
 * component that mounts and then throw the render away (an interrupted transition, for one) and
 * render it again from its initial state (https://react.dev/reference/react/useState: "React will
 * call your initializer function twice"; a render must be pure): a load taken by the render thrown
 * away would be gone for the one that is kept, which would then show "Loading…" and fetch it again.
 */
export function peekFulfilledAhead(key: string, now = Date.now()): { value: unknown } | undefined {
  forgetOld(now);
  return fulfilledValue(started.get(key)?.promise);
}

/**
 * A `shouldRevalidate` for routes whose `loader` only starts loads ahead: run it again when a
 * route parameter changed (another record or area), not for a new query string of the same page,
 * whose loads the page's hooks already hold.
 */
export function routeParamsChanged({ currentParams, nextParams }: ShouldRevalidateFunctionArgs): boolean {
  const names = new Set([...Object.keys(currentParams), ...Object.keys(nextParams)]);
  return [...names].some((name) => currentParams[name] !== nextParams[name]);
}
