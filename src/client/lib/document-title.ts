/**
 * The document title of every page: "<page> – TM online portal", prefixed with "Error: " while a
 * form on the page shows validation errors (WCAG 2.2 success criterion 2.4.2 "Page Titled"; the
 * GOV.UK Design System's error summary pattern for the prefix).
 */
import { useEffect } from 'react';
import { APP_TITLE } from '../config/env';

/** Separates the page's own title from the portal's name. */
export const TITLE_SEPARATOR = ' – ';
/** What the title starts with while errors show. */
export const ERROR_TITLE_PREFIX = 'Error: ';

/**
 * The title for `page` (its parts joined with {@link TITLE_SEPARATOR}; blank parts are left out),
 * the portal's name last; `hasErrors` prefixes "Error: ". No page title gives the portal's name alone.
 */
export function formatDocumentTitle(page: string | readonly (string | null | undefined)[] | null | undefined, hasErrors = false): string {
  const parts = (Array.isArray(page) ? page : [page]).map((part) => (typeof part === 'string' ? part.trim() : '')).filter(Boolean);
  const title = [...parts, APP_TITLE].join(TITLE_SEPARATOR);
  return hasErrors ? `${ERROR_TITLE_PREFIX}${title}` : title;
}

/** The current page's title without the error prefix. */
let baseTitle = APP_TITLE;
let errorHolders = 0;

function apply(): void {
  document.title = errorHolders > 0 ? `${ERROR_TITLE_PREFIX}${baseTitle}` : baseTitle;
}

/**
 * Sets the document title to `page` (see {@link formatDocumentTitle}) while the calling page is
 * mounted; `undefined` (still loading) leaves the current title. Pass a stable string or parts.
 */
export function useDocumentTitle(page: string | readonly (string | null | undefined)[] | undefined): void {
  // keyed on the text, not on the identity of an array of parts
  const key = page === undefined ? undefined : formatDocumentTitle(page);
  useEffect(() => {
    if (key === undefined) return;
    baseTitle = key;
    apply();
  }, [key]);
}

/**
 * Marks that errors show (an error summary is mounted): the title gets its "Error: " prefix until
 * the returned function is called. Several holders may overlap.
 */
export function holdErrorTitle(): () => void {
  errorHolders += 1;
  apply();
  let isReleased = false;
  return () => {
    if (isReleased) return;
    isReleased = true;
    errorHolders -= 1;
    apply();
  };
}
