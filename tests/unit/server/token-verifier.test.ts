/**
 * The access-token verifier remembers a token it verified (src/server/plugins/auth/index.ts
 * `createTokenVerifier`; docs/behaviour.md "Access-token checks") — but never past the time checks it
 * would fail when verified afresh: `exp` and, for the built-in provider, the maximum age (RFC 9068
 * access tokens, RFC 8725 section 3.2). Real RS256 keys
 * and real jose verification; only the clock is moved.
 */
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BUILTIN_ACCESS_TOKEN_TTL_S, type OidcConfig } from '../../../src/server/config';
import { CLOCK_TOLERANCE_S, createTokenVerifier } from '../../../src/server/plugins/auth/index';

const ISSUER = 'https://issuer.example';
const AUDIENCE = 'https://portal.example/api';
const OIDC: OidcConfig = {
  kind: 'builtin',
  issuer: ISSUER,
  clientId: 'tm-portal',
  audience: AUDIENCE,
  groupsClaim: 'groups',
  groupMap: {},
  algorithms: ['RS256'],
  extraScopes: [],
  resource: null,
};

describe('createTokenVerifier remembers verified tokens only while they are valid', () => {
  let privateKey: CryptoKey;
  let jwks: { keys: JWK[] };

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256', { extractable: true });
    privateKey = pair.privateKey;
    jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' }] };
  });
  afterEach(() => vi.useRealTimers());

  const sign = (iat: number, exp: number) =>
    new SignJWT({ sub: 'alice' })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1', typ: 'at+jwt' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(privateKey);

  it('accepts the same token again, and refuses it once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Math.floor(Date.now() / 1000);
    const verify = createTokenVerifier(OIDC, jwks);
    const token = await sign(start, start + 60);
    await expect(verify(token)).resolves.toMatchObject({ sub: 'alice' });
    await expect(verify(token)).resolves.toMatchObject({ sub: 'alice' });
    vi.setSystemTime((start + 60 + CLOCK_TOLERANCE_S + 1) * 1000);
    await expect(verify(token)).rejects.toThrow(/exp/);
  });

  it('refuses a remembered token past its maximum age even when its exp is later', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Math.floor(Date.now() / 1000);
    const verify = createTokenVerifier(OIDC, jwks);
    const token = await sign(start, start + 3 * BUILTIN_ACCESS_TOKEN_TTL_S);
    await expect(verify(token)).resolves.toMatchObject({ sub: 'alice' });
    vi.setSystemTime((start + BUILTIN_ACCESS_TOKEN_TTL_S + CLOCK_TOLERANCE_S + 1) * 1000);
    await expect(verify(token)).rejects.toThrow(/iat|age/);
  });

  it('does not remember a refusal: another token with other bytes is verified afresh', async () => {
    const start = Math.floor(Date.now() / 1000);
    const verify = createTokenVerifier(OIDC, jwks);
    const token = await sign(start, start + 60);
    const [header, payload, signature] = token.split('.');
    const forged = `${header}.${payload}.${signature?.slice(0, -4)}AAAA`;
    await expect(verify(token)).resolves.toMatchObject({ sub: 'alice' });
    await expect(verify(forged)).rejects.toThrow();
  });
});
