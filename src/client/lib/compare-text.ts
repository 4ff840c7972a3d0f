/**
 * Orders display text as English readers expect ("apple" < "Banana" < "cherry"): one
 * `Intl.Collator('en')` for the whole web app, for `Array.prototype.sort`. It gives the order of
 * `a.localeCompare(b, 'en')`, which sets up the locale's collation again on every call: sorting the
 * 27 form areas that way took about 47 ms of the main thread of `/Forms` under Lighthouse's 4×
 * mobile CPU slowdown (docs/performance.md "Lighthouse"). `compare` is a bound function
 * (ECMA-402, `Intl.Collator.prototype.compare`), so it may be passed on its own.
 */
const collator = new Intl.Collator('en');

/** Negative, zero or positive as `a` sorts before, with or after `b` (see the module comment). */
export const compareText = (a: string, b: string): number => collator.compare(a, b);
