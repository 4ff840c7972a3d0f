/** Built by scripts/lib/content-db.ts: the URL of `content/db-{hash}.json`. */
declare module 'virtual:content-db' {
  export const CONTENT_DB_URL: string;
}
