import { useEffect, type RefObject } from 'react';

/** The custom property on the root element that holds the sticky header's height, e.g. `148px`. */
export const HEADER_HEIGHT_PROPERTY = '--site-header-height';

/**
 * Keeps {@link HEADER_HEIGHT_PROPERTY} on the root element equal to the height of `header`, the
 * sticky site header, as it changes (the navigation wraps onto a second row for an administrator,
 * the menu opens below 768 px): base.css adds it to the page's `scroll-padding-top`, so a field
 * that gets the focus, a hash target and whatever `scrollIntoView` brings into view stop below the
 * header instead of under it (WCAG 2.2 success criterion 2.4.11, Focus Not Obscured). The header
 * is 60 to about 200 px high depending on the width and the user's links; a fixed padding could
 * not fit every case. Removed again when the header unmounts (the bare layout has none).
 */
export function useStickyHeaderOffset(header: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = header.current;
    if (!element) return undefined;
    const root = document.documentElement;
    const observer = new ResizeObserver(([entry]) => {
      const height = entry?.borderBoxSize[0]?.blockSize ?? element.getBoundingClientRect().height;
      root.style.setProperty(HEADER_HEIGHT_PROPERTY, `${Math.ceil(height)}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(HEADER_HEIGHT_PROPERTY);
    };
  }, [header]);
}
