import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileContent, markdownToSafeHtml, parseFrontMatter, serializeContent } from '../../../scripts/lib/content-db';
import { currentAnnouncements } from '../../../src/shared/content';

function contentDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'tm-content-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describe('static content database', () => {
  it('reads front matter and Markdown into announcements (newest first) and help per area', () => {
    const dir = contentDir({
      'announcements/old.md': '---\ntitle: Old news\ndate: 2026-01-02\n---\nHello **there**',
      'announcements/new.md': '---\ntitle: "New: close"\ndate: 2026-11-01\nexpires: 2026-11-30\n---\n- one\n- two',
      'help/AP.md': 'Attach the [invoice](https://example.com/help).',
    });
    const db = compileContent(dir);
    expect(db.announcements.map((item) => [item.slug, item.title, item.expires])).toEqual([
      ['new', 'New: close', '2026-11-30'],
      ['old', 'Old news', null],
    ]);
    expect(db.announcements[1]?.html).toBe('<p>Hello <strong>there</strong></p>\n');
    expect(db.help.AP).toContain('<a href="https://example.com/help">invoice</a>');
    expect(currentAnnouncements(db, '2026-12-01').map((item) => item.slug)).toEqual(['old']);
    expect(currentAnnouncements(db, '2025-12-31')).toEqual([]);
  });

  it('strips scripts, event handlers and javascript: links from the HTML', () => {
    const html = markdownToSafeHtml('<script>alert(1)</script>\n\n<img src="x.png" onerror="alert(2)">\n\n[x](javascript:alert(3))');
    expect(html).not.toMatch(/script|onerror|javascript:/i);
    expect(html).toContain('<img src="x.png" />');
  });

  it('refuses an announcement without a title or with a bad date', () => {
    expect(() => compileContent(contentDir({ 'announcements/a.md': '---\ndate: 2026-01-01\n---\nx' }))).toThrow(/title/);
    expect(() => compileContent(contentDir({ 'announcements/a.md': '---\ntitle: A\ndate: soon\n---\nx' }))).toThrow(/date/);
  });

  it('names the file after a hash of its content', () => {
    const a = serializeContent({ announcements: [], help: { AP: '<p>a</p>' } });
    const b = serializeContent({ announcements: [], help: { AP: '<p>b</p>' } });
    expect(a.fileName).toMatch(/^content\/db-[0-9a-f]{10}\.json$/);
    expect(a.fileName).not.toBe(b.fileName);
    expect(parseFrontMatter('no front matter').body).toBe('no front matter');
  });

  it('compiles the real content/ folder', () => {
    const db = compileContent(new URL('../../../content', import.meta.url).pathname);
    expect(db.announcements.length).toBeGreaterThan(0);
    expect(Object.keys(db.help)).toContain('AP');
  });
});
