/**
 * The portal's name, its one display locale, and its kept `Intl.DateTimeFormat`s: what the first
 * chunk of every page needs of the display rules (display-format.ts), apart from them, so that
 * their date formatter (date-fns) loads only with the pages that show dates.
 */

/** The product's name, as the web app's header and the PDF of a submission show it. */
export const PORTAL_NAME = 'TM online portal';

/** Locale of every date and number shown to people (web app and PDF). */
export const DISPLAY_LOCALE = 'en-US';

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The `Intl.DateTimeFormat` of `locale` (default {@link DISPLAY_LOCALE}) and `options`, one per
 * distinct pair, made on first use and kept: setting one up costs far more than formatting with
 * it (about a millisecond each on a slow phone), and a ticket's history formats dozens of dates.
 * Options left `undefined` (a `timeZone` not given) mean the runtime's default, as in the
 * constructor.
 */
export function dateTimeFormat(options: Intl.DateTimeFormatOptions, locale = DISPLAY_LOCALE): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateTimeFormats.set(key, format);
  }
  return format;
}
