/** Small data helpers for API tests: row counts and forged tokens signed with the app's own key. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import { submissions } from '../../../src/server/db/schema';
import type { JsonObject } from '../../../src/shared/json';
import type { Submission } from '../../../src/shared/submission';

/** A submission of a form whose root is an object (every fixture area): its data has fields. */
export type ObjectSubmission = Submission & { data: JsonObject };

/** A copy of `object` without `key` (invalid variants of examples, claims without one claim). */
export function omit<V>(object: Record<string, V>, key: string): Record<string, V> {
  return Object.fromEntries(Object.entries(object).filter(([name]) => name !== key));
}

/** Number of stored submissions, optionally of one area. */
export async function countSubmissions(app: FastifyInstance, area?: string): Promise<number> {
  const query = app.db.select({ n: count() }).from(submissions);
  const [row] = await (area ? query.where(eq(submissions.area, area)) : query);
  return row?.n ?? 0;
}

/** Signs `payload` with the built-in provider's real private key (from DATA_DIR), for forged-token tests. */
export async function signWithProviderKey(
  app: FastifyInstance,
  payload: JWTPayload,
  header: { typ?: string } = { typ: 'at+jwt' },
): Promise<string> {
  const file = JSON.parse(await readFile(join(app.config.dataDir, 'oidc-keys.json'), 'utf8')) as { signing: JWK[] };
  const jwk = file.signing[0];
  if (!jwk) throw new Error('no signing key');
  const key = await importJWK(jwk, 'RS256');
  return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: jwk.kid, ...header }).sign(key);
}
