/**
 * oidc-provider storage adapter on the `oidc_payloads` table (Drizzle), so sessions, grants,
 * authorization codes and refresh tokens survive restarts and are shared by every API node on
 * one PostgreSQL. Interface: oidc-provider `Adapter` (upsert/find/consume/destroy/revokeByGrantId).
 * Ids come from requests (codes, refresh tokens, client ids): one the database could not compare
 * (U+0000, an unpaired surrogate) is found nowhere; a payload it could not store (a request
 * parameter holding such text) is refused as oidc-provider's `invalid_request` (400).
 */
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { errors, type Adapter, type AdapterConstructor, type AdapterPayload } from 'oidc-provider';
import type { Database } from '../../db/client';
import { oidcPayloads } from '../../db/schema';
import { findUnstorableValues, isStorableText } from '../../lib/storable-input';

type Row = typeof oidcPayloads.$inferSelect;

const notExpired = or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, sql`now()`));

function toPayload(row: Pick<Row, 'payload'> | undefined): AdapterPayload | undefined {
  return row?.payload;
}

/** Creates the adapter class oidc-provider instantiates once per model name (`Session`, `Grant`, …). */
export function createOidcAdapter(db: Database): AdapterConstructor {
  return class DrizzleOidcAdapter implements Adapter {
    constructor(private readonly kind: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      if (findUnstorableValues(payload).length) {
        throw new errors.InvalidRequest('a request parameter contains U+0000 or an unpaired UTF-16 surrogate');
      }
      const values = {
        payload: payload as Record<string, unknown>,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db
        .insert(oidcPayloads)
        .values({ kind: this.kind, id, ...values })
        .onConflictDoUpdate({ target: [oidcPayloads.kind, oidcPayloads.id], set: values });
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      return isStorableText(id) ? this.findWhere(eq(oidcPayloads.id, id)) : undefined;
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return isStorableText(uid) ? this.findWhere(eq(oidcPayloads.uid, uid)) : undefined;
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return isStorableText(userCode) ? this.findWhere(eq(oidcPayloads.userCode, userCode)) : undefined;
    }

    async consume(id: string): Promise<void> {
      if (!isStorableText(id)) return;
      await db
        .update(oidcPayloads)
        .set({
          payload: sql`jsonb_set(${oidcPayloads.payload}, '{consumed}', to_jsonb(floor(extract(epoch from now()))::bigint))`,
        })
        .where(and(eq(oidcPayloads.kind, this.kind), eq(oidcPayloads.id, id)));
    }

    async destroy(id: string): Promise<void> {
      if (!isStorableText(id)) return;
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.kind, this.kind), eq(oidcPayloads.id, id)));
    }

    /** Revokes every artefact of a grant, of every model, as the reference adapters do. */
    async revokeByGrantId(grantId: string): Promise<void> {
      if (!isStorableText(grantId)) return;
      await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
    }

    private async findWhere(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
      const [row] = await db
        .select({ payload: oidcPayloads.payload })
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.kind, this.kind), condition, notExpired))
        .limit(1);
      return toPayload(row);
    }
  };
}

/** Deletes expired rows; run at start and hourly. Returns nothing; errors propagate. */
export async function deleteExpiredOidcPayloads(db: Database): Promise<void> {
  await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, sql`now()`));
}
