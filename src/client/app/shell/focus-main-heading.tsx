import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long the new page's heading may take to appear (a lazy page, its data), in ms. */
export const HEADING_WAIT_MS = 5000;

function pageHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main h1, [role="main"] h1') ?? document.querySelector<HTMLElement>('h1');
}

/** True when something inside the page's main area (not the area itself) already holds the focus. */
function isFocusInPage(): boolean {
  const active = document.activeElement;
  const main = document.querySelector('main, [role="main"]');
  return Boolean(active && main && active !== main && main.contains(active));
}

function focusHeading(heading: HTMLElement): void {
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
}

/**
 * Moves the keyboard focus to the new page's main heading (its `h1`, made focusable with
 * `tabindex="-1"`) after a navigation to another path, so a screen reader announces the page and
 * the next Tab starts from its top (otherwise the focus falls to `<body>` when the link or button
 * that navigated goes away). Not on the first load, not for a change of the query string alone
 * (filters), not for an address with a hash (ScrollToTarget takes those), and not when the new
 * page has already put the focus inside itself. Waits up to {@link HEADING_WAIT_MS} for the heading.
 */
export function FocusMainHeading() {
  const { pathname, hash } = useLocation();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const isFirst = previous.current === null;
    const isSamePath = previous.current === pathname;
    previous.current = pathname;
    if (isFirst || isSamePath || hash) return undefined;
    const tryFocus = (): boolean => {
      if (isFocusInPage()) return true;
      const heading = pageHeading();
      if (!heading) return false;
      focusHeading(heading);
      return true;
    };
    if (tryFocus()) return undefined;
    const observer = new MutationObserver(() => {
      if (tryFocus()) stop();
    });
    const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname, hash]);
  return null;
}
