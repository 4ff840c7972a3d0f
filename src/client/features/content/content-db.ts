/**
 * The static content database: `GET /content/db-{hash}.json`, built from `content/`
 * Markdown (scripts/lib/content-db.ts), HTML already sanitised at build time. A plain fetch: the
 * file is public and carries no token. Loaded once per page load.
 */
import { CONTENT_DB_URL } from 'virtual:content-db';
import type { ContentDb } from '../../../shared/content';
import { cachedPromise } from '../../lib/cache';

const cache = new Map<string, Promise<ContentDb>>();

/** The content database; rejects when it cannot be fetched. */
export function fetchContentDb(): Promise<ContentDb> {
  return cachedPromise(cache, CONTENT_DB_URL, async () => {
    const response = await fetch(CONTENT_DB_URL);
    if (!response.ok) throw new Error(`The content database answered ${response.status}`);
    return (await response.json()) as ContentDb;
  });
}

/** Today as YYYY-MM-DD in the user's time zone. */
export function localToday(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
