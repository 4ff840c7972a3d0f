/** The class names given, falsy ones left out, joined by spaces (`cx('a', false, 'b')` is `'a b'`). */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
