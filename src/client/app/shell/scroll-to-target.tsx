import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** How long a hash target may take to appear (a page still loading its data), in ms. */
export const HASH_TARGET_WAIT_MS = 5000;

function findTarget(hash: string): HTMLElement | null {
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // keep the raw id
  }
  if (!id) return null;
  return document.getElementById(id) ?? document.getElementsByName(id)[0] ?? null;
}

/**
 * Scrolls to the hash target after a navigation (a navigation scrolls to the top, or to the
 * hash target when the address has one). react-router's `ScrollRestoration` scrolls to the top
 * (or restores on back/forward) and to a target that is already there; this waits up to
 * {@link HASH_TARGET_WAIT_MS} for a target rendered later by a lazy page or its data.
 */
export function ScrollToTarget() {
  const location = useLocation();
  useEffect(() => {
    if (!location.hash) return undefined;
    const scroll = (): boolean => {
      const target = findTarget(location.hash);
      if (!target) return false;
      target.scrollIntoView();
      return true;
    };
    if (scroll()) return undefined;
    const observer = new MutationObserver(() => {
      if (scroll()) stop();
    });
    const timer = window.setTimeout(() => stop(), HASH_TARGET_WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [location.key, location.hash]);
  return null;
}
