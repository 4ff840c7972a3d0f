import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { exportJWK, exportSPKI, generateKeyPair, importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './helpers/app';
import { omit } from './helpers/data';
import { signIn } from './helpers/sign-in';

/**
 * Access-token checks (docs/behaviour.md "Access-token checks"): every forged, altered or misused
 * token is refused with 401 and the API error body, never a 5xx, and the refusal is logged with a
 * reason but without the token. Claim cases are signed with the built-in provider's real private
 * key (read from the test app's DATA_DIR), so only the claim under test is wrong; the positive
 * controls prove the harness can pass.
 */
type Context = {
  /** Signs with the provider's real key (its `kid`, RS256, `typ: at+jwt`) unless `header`/`key` say otherwise. */
  sign: (
    payload: JWTPayload,
    options?: { header?: Record<string, unknown>; key?: CryptoKey; alg?: string },
  ) => Promise<string>;
  claims: () => JWTPayload;
  /** The real private key, imported for another algorithm of the same key type. */
  realKeyFor: (alg: string) => Promise<CryptoKey>;
  accessToken: string;
  idToken: string;
  publicJwk: JWK;
  attacker: { privateKey: CryptoKey; publicJwk: JWK };
};

type Case = { name: string; status: 200 | 401; token: (c: Context) => Promise<string> | string };

const now = () => Math.floor(Date.now() / 1000);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const decode = (part: string | undefined) =>
  JSON.parse(Buffer.from(part ?? '', 'base64url').toString()) as Record<string, unknown>;

const BASE64URL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * The same bytes spelt otherwise: the bits of the last character that encode no byte (RFC 4648
 * section 3.5; zero in the canonical spelling) set to one. Decoders that ignore them read the
 * same signature.
 */
function withUnusedBitsSet(segment: string): string {
  const unused = { 2: 4, 3: 2 }[segment.length % 4];
  const last = BASE64URL_ALPHABET.indexOf(segment.at(-1) ?? '');
  if (unused === undefined || last < 0) throw new Error('the segment has no unused bits');
  return `${segment.slice(0, -1)}${BASE64URL_ALPHABET[last | ((1 << unused) - 1)]}`;
}

/** Non-canonical spellings of a real access token's signature, which decode to the same bytes. */
const NON_CANONICAL: { name: string; spell: (token: string) => string }[] = [
  { name: 'padding after the signature (`==`)', spell: (token) => `${token}==` },
  {
    name: 'the unused bits of the signature’s last character set',
    spell: (token) => {
      const [header, payload, signature] = token.split('.');
      return `${header}.${payload}.${withUnusedBitsSet(signature ?? '')}`;
    },
  },
  {
    name: 'both',
    spell: (token) => {
      const [header, payload, signature] = token.split('.');
      return `${header}.${payload}.${withUnusedBitsSet(signature ?? '')}==`;
    },
  },
];

/** Flips the lowest bit of the byte in the middle of a base64url segment. */
function flipBit(segment: string): string {
  const bytes = Buffer.from(segment, 'base64url');
  const index = Math.floor(bytes.length / 2);
  bytes[index] = (bytes[index] ?? 0) ^ 1;
  return bytes.toString('base64url');
}

async function hs256(c: Context, secret: string): Promise<string> {
  return new SignJWT(c.claims())
    .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid: c.publicJwk.kid })
    .sign(new TextEncoder().encode(secret));
}

const CASES: Case[] = [
  { name: 'positive control: correct claims signed with the real key', status: 200, token: (c) => c.sign(c.claims()) },
  {
    name: 'positive control: expired 10 s ago, inside the clock tolerance',
    status: 200,
    token: (c) => c.sign({ ...c.claims(), exp: now() - 10 }),
  },
  {
    name: '`alg: none` without a signature',
    status: 401,
    token: (c) => `${b64({ alg: 'none', typ: 'at+jwt', kid: c.publicJwk.kid })}.${b64(c.claims())}.`,
  },
  {
    name: 'HS256 with the public key PEM as the HMAC secret',
    status: 401,
    token: async (c) => hs256(c, await exportSPKI((await importJWK(c.publicJwk, 'RS256')) as CryptoKey)),
  },
  {
    name: 'HS256 with the public JWK as the HMAC secret',
    status: 401,
    token: (c) => hs256(c, JSON.stringify(c.publicJwk)),
  },
  {
    name: 'the real key material but an algorithm the issuer does not use (PS256)',
    status: 401,
    token: async (c) => c.sign(c.claims(), { alg: 'PS256', key: await c.realKeyFor('PS256') }),
  },
  {
    name: 'a different RSA key under the real kid',
    status: 401,
    token: (c) => c.sign(c.claims(), { key: c.attacker.privateKey }),
  },
  { name: 'an unknown kid', status: 401, token: (c) => c.sign(c.claims(), { header: { kid: 'no-such-key' } }) },
  {
    name: 'expired beyond the tolerance (exp = now − 120 s)',
    status: 401,
    token: (c) => c.sign({ ...c.claims(), iat: now() - 600, exp: now() - 120 }),
  },
  {
    name: 'expired 61 s ago (the tolerance is at most 60 s)',
    status: 401,
    token: (c) => c.sign({ ...c.claims(), exp: now() - 61 }),
  },
  { name: '`nbf` in the future (+120 s)', status: 401, token: (c) => c.sign({ ...c.claims(), nbf: now() + 120 }) },
  { name: '`iat` in the future (+120 s)', status: 401, token: (c) => c.sign({ ...c.claims(), iat: now() + 120 }) },
  {
    name: 'issued longer ago than the 15-minute access-token lifetime',
    status: 401,
    token: (c) => c.sign({ ...c.claims(), iat: now() - 1000, exp: now() + 600 }),
  },
  {
    name: 'a wrong `iss`',
    status: 401,
    token: (c) => c.sign({ ...c.claims(), iss: 'http://evil.example/oidc' }),
  },
  { name: 'a wrong `aud` (the client id)', status: 401, token: (c) => c.sign({ ...c.claims(), aud: 'tm-portal' }) },
  { name: 'a missing `exp`', status: 401, token: (c) => c.sign(omit(c.claims(), 'exp')) },
  { name: 'a missing `sub`', status: 401, token: (c) => c.sign(omit(c.claims(), 'sub')) },
  { name: 'an empty `sub`', status: 401, token: (c) => c.sign({ ...c.claims(), sub: '' }) },
  { name: 'a missing `iat`', status: 401, token: (c) => c.sign(omit(c.claims(), 'iat')) },
  { name: 'a real ID token from the sign-in flow', status: 401, token: (c) => c.idToken },
  {
    name: 'access-token claims with `typ: JWT` instead of `at+jwt`',
    status: 401,
    token: (c) => c.sign(c.claims(), { header: { typ: 'JWT' } }),
  },
  { name: 'a truncated real access token', status: 401, token: (c) => c.accessToken.slice(0, -10) },
  {
    name: 'a real access token with one bit of its signature flipped',
    status: 401,
    token: (c) => {
      const [header, payload, signature] = c.accessToken.split('.');
      return `${header}.${payload}.${flipBit(signature ?? '')}`;
    },
  },
  {
    name: 'a real access token with one bit of its payload flipped',
    status: 401,
    token: (c) => {
      const [header, payload, signature] = c.accessToken.split('.');
      return `${header}.${flipBit(payload ?? '')}.${signature}`;
    },
  },
  {
    name: 'a real access token with elevated groups in its payload',
    status: 401,
    token: (c) => {
      const [header, payload, signature] = c.accessToken.split('.');
      return `${header}.${b64({ ...decode(payload), groups: ['Administrators'] })}.${signature}`;
    },
  },
  {
    name: 'an attacker key embedded in a `jwk` header, signed by that key',
    status: 401,
    token: (c) =>
      c.sign(c.claims(), {
        key: c.attacker.privateKey,
        header: { kid: c.attacker.publicJwk.kid, jwk: c.attacker.publicJwk },
      }),
  },
  {
    name: 'a `jku` header pointing at attacker keys, signed by the attacker key',
    status: 401,
    token: (c) =>
      c.sign(c.claims(), {
        key: c.attacker.privateKey,
        header: { kid: c.attacker.publicJwk.kid, jku: 'http://127.0.0.1:9/attacker-jwks.json' },
      }),
  },
  {
    name: 'an `x5u` header pointing at an attacker certificate, signed by the attacker key',
    status: 401,
    token: (c) =>
      c.sign(c.claims(), {
        key: c.attacker.privateKey,
        header: { kid: c.attacker.publicJwk.kid, x5u: 'http://127.0.0.1:9/attacker.pem' },
      }),
  },
  ...NON_CANONICAL.map(({ name, spell }): Case => ({
    name: `a real access token with ${name}`,
    status: 401,
    token: (c) => spell(c.accessToken),
  })),
  {
    name: 'the real key and claims, but a `jku` header (keys come from the issuer only)',
    status: 401,
    token: (c) => c.sign(c.claims(), { header: { jku: 'http://127.0.0.1:9/attacker-jwks.json' } }),
  },
];

describe('forged and misused tokens on /api/me', () => {
  let app: FastifyInstance;
  let context: Context;
  const logLines: string[] = [];

  beforeAll(async () => {
    app = await createTestApp({
      logger: { level: 'warn', stream: { write: (line: string) => void logLines.push(line) } },
    });
    const file = JSON.parse(await readFile(join(app.config.dataDir, 'oidc-keys.json'), 'utf8')) as { signing: JWK[] };
    const privateJwk = file.signing[0];
    if (!privateJwk?.kid) throw new Error('no signing key in the test data dir');
    const realKey = (await importJWK(privateJwk, 'RS256')) as CryptoKey;
    const attackerPair = await generateKeyPair('RS256', { extractable: true });
    const tokens = await signIn(app, 'employee');
    context = {
      sign: async (payload, { header = {}, key = realKey, alg = 'RS256' } = {}) =>
        new SignJWT(payload).setProtectedHeader({ alg, kid: privateJwk.kid, typ: 'at+jwt', ...header }).sign(key),
      realKeyFor: async (alg) => (await importJWK({ ...privateJwk, alg }, alg)) as CryptoKey,
      claims: () => ({
        iss: 'http://localhost/oidc',
        aud: 'api://tm-portal',
        sub: 'forged',
        iat: now(),
        exp: now() + 600,
      }),
      accessToken: tokens.access_token,
      idToken: String(tokens.id_token),
      publicJwk: app.builtinJwks?.keys[0] ?? {},
      attacker: {
        privateKey: attackerPair.privateKey,
        publicJwk: { ...(await exportJWK(attackerPair.publicKey)), kid: 'attacker', alg: 'RS256' },
      },
    };
  });
  afterAll(() => app.close());

  it.each(CASES)('$name → $status', async ({ status, token }) => {
    const bearer = await token(context);
    logLines.length = 0;
    const response = await app.inject({ url: '/api/me', headers: { authorization: `Bearer ${bearer}` } });
    expect(response.statusCode, response.body).toBe(status);
    if (status === 200) {
      expect(response.json()).toMatchObject({ subject: 'forged', scope: ['forms:submit'] });
      return;
    }
    expect(response.json()).toEqual({
      statusCode: 401,
      error: 'unauthorized',
      message: 'The access token is invalid or has expired.',
    });
    expect(response.headers['www-authenticate']).toMatch(/^Bearer realm="tm-portal", error="invalid_token"/);
    const failures = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(failures).toEqual([
      expect.objectContaining({ msg: 'authentication failed', route: '/api/me', reason: expect.any(String) as string }),
    ]);
    const signature = bearer.split('.')[2];
    if (signature) expect(logLines.join('\n')).not.toContain(signature);
  });

  it('refuses the non-canonical spellings of a token that verifies, which decode to the same bytes, and still accepts it', async () => {
    const me = (token: string) => app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } });
    const token = context.accessToken;
    const bytes = (spelt: string) => spelt.split('.').map((part) => Buffer.from(part.replace(/=+$/, ''), 'base64url'));
    expect((await me(token)).statusCode).toBe(200);
    for (const { name, spell } of NON_CANONICAL) {
      const variant = spell(token);
      expect(variant, name).not.toBe(token);
      expect(bytes(variant), name).toEqual(bytes(token));
      expect((await me(variant)).statusCode, name).toBe(401);
    }
    expect((await me(token)).statusCode).toBe(200);
  });
});
