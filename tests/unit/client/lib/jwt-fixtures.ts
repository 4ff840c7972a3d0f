/** Test helpers: unsigned-looking compact JWTs (the browser never checks signatures). */

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A compact JWS with `claims` as payload and a dummy signature. */
export function jwt(
  claims: Record<string, unknown>,
  header: Record<string, unknown> = { alg: 'RS256', typ: 'JWT' },
): string {
  return `${encode(header)}.${encode(claims)}.c2lnbmF0dXJl`;
}
