/**
 * JSON Pointer (RFC 6901) reference tokens. A module of its own, with no imports, so pages that
 * only name fields (lists, routing rules, attachments) do not load the form stack with it.
 */

/** Escapes one JSON Pointer reference token (RFC 6901 section 3: `~` → `~0`, `/` → `~1`). */
export function escapePointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Splits a JSON Pointer into its unescaped reference tokens (`'/a/0/b'` → `['a','0','b']`). */
export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}
