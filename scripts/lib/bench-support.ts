/**
 * Pieces the benchmarks share: a throwaway PostgreSQL database, the nearest-rank quantile of sorted
 * samples, uploaded invoice files for the AP submissions they post (AP's invoice file is required;
 * bench-concurrency.ts, bench-submit.ts, bench-lighthouse.ts), and a UI schema for stock rjsf
 * (bench-forms.ts, lib/lighthouse-baseline.ts).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { AttachmentRef } from '../../src/shared/attachment';
import type { JsonObject } from '../../src/shared/json';
import { PORTAL_WIDGETS } from '../../src/shared/widget-names';
import { PDF_BYTES } from '../../tests/api/helpers/multipart';

/** The `q` quantile (0–1) of ascending `sorted` samples, nearest rank; NaN when there are none. */
export function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1) + 0.5))] ?? NaN;
}

/**
 * Creates `tm_bench_<random>` on the server of `adminUrl` (a role that may create databases) and
 * returns its URL and a `drop()` that removes it (`WITH (FORCE)`, PostgreSQL 13 or later).
 */
export async function createThrowawayDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `tm_bench_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 15_000 });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * Uploads `count` invoice PDFs through `POST /api/attachments` as the user of `token`, `parallel`
 * at a time, and answers their references: each may be linked to one submission (a file attached
 * once cannot be attached again). Throws on any answer but 201.
 */
export async function uploadInvoiceFiles(
  baseUrl: string,
  token: string,
  count: number,
  parallel = 4,
): Promise<AttachmentRef[]> {
  const refs: AttachmentRef[] = [];
  const one = async () => {
    const form = new FormData();
    form.append('file', new Blob([PDF_BYTES], { type: 'application/pdf' }), 'invoice.pdf');
    const answer = await fetch(`${baseUrl}/api/attachments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (answer.status !== 201) throw new Error(`upload: HTTP ${answer.status} ${await answer.text()}`);
    const stored = (await answer.json()) as AttachmentRef;
    refs.push({ id: stored.id, name: stored.name, size: stored.size, mediaType: stored.mediaType });
  };
  for (let done = 0; done < count; done += parallel) {
    await Promise.all(Array.from({ length: Math.min(parallel, count - done) }, one));
  }
  return refs;
}

/** A UI schema without the portal's own widget names, which stock rjsf does not know (it would fail to render). */
export function withoutPortalWidgets(ui: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(ui)) {
    if (key === 'ui:widget' && typeof value === 'string' && (PORTAL_WIDGETS as readonly string[]).includes(value))
      continue;
    out[key] =
      value !== null && typeof value === 'object' && !Array.isArray(value) ? withoutPortalWidgets(value) : value;
  }
  return out;
}
