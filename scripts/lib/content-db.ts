/**
 * Compiles the static content database (announcements and help) at build time: Markdown with front
 * matter under `content/announcements/*.md` and help text under `content/help/<Area>.md`, turned
 * into HTML with marked and sanitised with sanitize-html, written as `content/db-{hash}.json`
 * (hash: first 10 hex digits of the JSON's SHA-256). The client imports the file's URL from the
 * virtual module `virtual:content-db`.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import type { Plugin } from 'vite';
import type { Announcement, ContentDb } from '../../src/shared/content';

const VIRTUAL_ID = 'virtual:content-db';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Tags and attributes allowed in content HTML: text formatting, links, lists, tables, images. */
const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2'],
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'title', 'width', 'height'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
};

/** Splits `---\nkey: value\n---\nbody` into its front matter (flat `key: value` lines) and body. */
export function parseFrontMatter(source: string): { meta: Record<string, string>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) return { meta: {}, body: source };
  const meta: Record<string, string> = {};
  for (const line of (match[1] ?? '').split(/\r?\n/)) {
    const pair = /^([A-Za-z][\w-]*):\s*(.*)$/.exec(line.trim());
    if (pair?.[1]) meta[pair[1]] = (pair[2] ?? '').replace(/^(['"])(.*)\1$/, '$2');
  }
  return { meta, body: match[2] ?? '' };
}

/** Markdown → sanitised HTML (no scripts, no event handlers, only safe link schemes). */
export function markdownToSafeHtml(markdown: string): string {
  return sanitizeHtml(marked.parse(markdown, { async: false }), SANITIZE_OPTIONS);
}

function markdownFiles(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.md')).sort() : [];
}

/** Reads `contentDir` into a {@link ContentDb}. Throws on an announcement without title or with a bad date. */
export function compileContent(contentDir: string): ContentDb {
  const announcements: Announcement[] = [];
  const announcementDir = join(contentDir, 'announcements');
  for (const name of markdownFiles(announcementDir)) {
    const { meta, body } = parseFrontMatter(readFileSync(join(announcementDir, name), 'utf8'));
    const slug = basename(name, '.md');
    if (!meta.title) throw new Error(`content/announcements/${name}: front matter needs a title`);
    if (!meta.date || !DATE.test(meta.date)) throw new Error(`content/announcements/${name}: date must be YYYY-MM-DD`);
    if (meta.expires && !DATE.test(meta.expires)) throw new Error(`content/announcements/${name}: expires must be YYYY-MM-DD`);
    announcements.push({ slug, title: meta.title, date: meta.date, expires: meta.expires || null, html: markdownToSafeHtml(body) });
  }
  announcements.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
  const help: Record<string, string> = {};
  const helpDir = join(contentDir, 'help');
  for (const name of markdownFiles(helpDir)) {
    help[basename(name, '.md')] = markdownToSafeHtml(readFileSync(join(helpDir, name), 'utf8'));
  }
  return { announcements, help };
}

/** The database as JSON and its public file name `content/db-{hash}.json`. */
export function serializeContent(db: ContentDb): { fileName: string; json: string } {
  const json = JSON.stringify(db);
  const hash = createHash('sha256').update(json).digest('hex').slice(0, 10);
  return { fileName: `content/db-${hash}.json`, json };
}

/** Vite plugin: emits the database in the build, serves it in dev, and exports its URL as `CONTENT_DB_URL`. */
export function contentDbPlugin(contentDir: string): Plugin {
  let current = serializeContent(compileContent(contentDir));
  return {
    name: 'tm-content-db',
    buildStart() {
      current = serializeContent(compileContent(contentDir));
      for (const name of markdownFiles(join(contentDir, 'announcements'))) this.addWatchFile(join(contentDir, 'announcements', name));
      for (const name of markdownFiles(join(contentDir, 'help'))) this.addWatchFile(join(contentDir, 'help', name));
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : null;
    },
    load(id) {
      if (id !== RESOLVED_ID) return null;
      return `export const CONTENT_DB_URL = ${JSON.stringify(`/${current.fileName}`)};`;
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: current.fileName, source: current.json });
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if (request.url !== `/${current.fileName}`) return next();
        response.setHeader('content-type', 'application/json');
        response.end(current.json);
      });
    },
  };
}
