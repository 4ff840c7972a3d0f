/**
 * Signing and cookie keys of the built-in identity provider, generated once and kept in
 * `${DATA_DIR}/oidc-keys.json` (mode 0600) so tokens and sessions survive restarts (oidc-provider's
 * own development keys are for quick starts only; docs/behaviour.md "Built-in identity provider").
 */
import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import { BUILTIN_TOKEN_ALGORITHM } from '../../config';

/** The content of `oidc-keys.json`: token signing keys and cookie keys. */
export type ProviderKeys = {
  /** Private RS256 signing keys (with `kid`, `alg`, `use`), newest first. */
  signing: JWK[];
  /** Keygrip keys that sign the provider's cookies. */
  cookies: string[];
};

const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi'] as const;

/** The public half of an RSA JWK: what the provider publishes at its `jwks_uri`. */
export function toPublicJwk(jwk: JWK): JWK {
  const copy: JWK = { ...jwk };
  for (const member of PRIVATE_MEMBERS) delete copy[member];
  return copy;
}

async function generateKeys(): Promise<ProviderKeys> {
  const { privateKey } = await generateKeyPair(BUILTIN_TOKEN_ALGORITHM, { extractable: true, modulusLength: 2048 });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);
  return {
    signing: [{ ...jwk, kid, alg: BUILTIN_TOKEN_ALGORITHM, use: 'sig' }],
    cookies: [randomBytes(32).toString('base64url')],
  };
}

function isProviderKeys(value: unknown): value is ProviderKeys {
  const keys = value as Partial<ProviderKeys> | null;
  return (
    Array.isArray(keys?.signing) &&
    keys.signing.length > 0 &&
    keys.signing.every(
      (k) => typeof k === 'object' && k !== null && typeof k.kid === 'string' && typeof k.d === 'string',
    ) &&
    Array.isArray(keys.cookies) &&
    keys.cookies.length > 0 &&
    keys.cookies.every((c) => typeof c === 'string' && c.length >= 16)
  );
}

async function readKeys(file: string): Promise<ProviderKeys | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return null;
    throw error;
  }
  const parsed: unknown = JSON.parse(text);
  if (!isProviderKeys(parsed)) throw new Error(`${file} is not a valid key file; move it away to generate new keys`);
  return parsed;
}

/**
 * Loads the keys from `${dataDir}/oidc-keys.json`, creating the file (mode 0600) on first start.
 * The new file is written aside and hard-linked into place, which fails when the name exists: of
 * two nodes starting at once on one shared folder, the second reads the first one's keys instead
 * of replacing them. Throws when the file exists but is not a valid key file, rather than silently
 * replacing keys that issued live tokens.
 */
export async function loadOrCreateProviderKeys(dataDir: string): Promise<ProviderKeys> {
  const file = join(dataDir, 'oidc-keys.json');
  const existing = await readKeys(file);
  if (existing) return existing;
  const keys = await generateKeys();
  await mkdir(dataDir, { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temporary, JSON.stringify(keys, null, 2), { mode: 0o600 });
  try {
    await link(temporary, file);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const winner = code === 'EEXIST' ? await readKeys(file) : null;
    if (winner) return winner;
    // a file system without hard links: replace atomically (a first start there is not shared)
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw error;
    await rename(temporary, file);
  } finally {
    await rm(temporary, { force: true });
  }
  return keys;
}
