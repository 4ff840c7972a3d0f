/**
 * Orders display text as English readers expect ("apple" < "Banana" < "cherry"): one
 * `Intl.Collator('en')` for the whole web app, for `Array.prototype.sort`. It gives the order of
 * `a.localeCompare(b, 'en')`, which sets up the locale's collation again on every call: sorting the
 * 27 form areas that way took about 47 ms of the main thread of `/Forms` under Lighthouse's 4×
 * mobile CPU slowdown (docs/performance.md "Lighthouse"). The collator is made on the first
 * comparison, not when a page's chunk loads: setting it up is itself 20–80 ms in Chromium.
 */
let collator: Intl.Collator | undefined;

/** Negative, zero or positive as `a` sorts before, with or after `b` (see the module comment). */
export const compareText = (a: string, b: string): number => (collator ??= new Intl.Collator('en')).compare(a, b);

/**
 * Negative, zero or positive as `a` comes before, with or after `b` in UTF-16 code-unit order: the
 * order of machine text such as ISO 8601 moments of one width and ids, with no collation to set up.
 */
export const compareCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
