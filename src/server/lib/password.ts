import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;
const KEY_LENGTH = 32;

/**
 * Hashes a password with scrypt (node:crypto defaults N=16384, r=8, p=1) and a random 16-byte salt.
 * Output: `scrypt$<salt base64url>$<hash base64url>`.
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, KEY_LENGTH);
  return `scrypt$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

/**
 * Checks `password` against a {@link hashPassword} string in constant time (timingSafeEqual).
 * Returns false for malformed stored hashes. Pass `null` to spend the same work for an unknown user.
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const [scheme, saltText, hashText] = (stored ?? 'scrypt$AAAAAAAAAAAAAAAAAAAAAA$').split('$');
  if (scheme !== 'scrypt' || saltText === undefined || hashText === undefined) return false;
  const expected = Buffer.from(hashText, 'base64url');
  const actual = await scrypt(password, Buffer.from(saltText, 'base64url'), KEY_LENGTH);
  return stored !== null && expected.length === actual.length && timingSafeEqual(expected, actual);
}
