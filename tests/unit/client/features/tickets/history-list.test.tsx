import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { HistoryList } from '../../../../../src/client/features/tickets/components/history-list';
import type { ChangeEntry } from '../../../../../src/shared/tickets';

const TICKET_ID = '0f3c2d4e-5b6a-4c7d-8e9f-0a1b2c3d4e5f';
const NOW = Date.parse('2026-11-26T12:00:00Z');

function entry(id: number, at: string, more: Partial<ChangeEntry>): ChangeEntry {
  return {
    id,
    entity: 'submission',
    entityId: TICKET_ID,
    action: 'status',
    at,
    actor: { id: 'u', name: 'Morgan Maintenance', issuer: 'i', subject: 's' },
    ticket: { number: 'AP-000012', area: 'AP' },
    diff: { status: { from: 'New', to: 'In progress' } },
    fieldTitles: {},
    comment: null,
    ...more,
  };
}

const ENTRIES = [
  entry(3, '2026-11-26T11:55:00Z', {
    action: 'commented',
    diff: { comment: { from: null, to: { id: 'd1137c3b-1111-4222-8333-444455556666', isInternal: false } } },
    comment: { excerpt: '<img src=x onerror=alert(1)> tuesday', isTruncated: false, files: [] },
  }),
  entry(2, '2026-11-26T11:00:00Z', {}),
  entry(1, '2026-11-20T09:00:00Z', {
    action: 'assigned',
    diff: {
      assigneeUser: { from: null, to: { id: 'x', name: 'Alex Accounting' } },
      status: { from: 'New', to: 'Assigned' },
    },
  }),
];

function render(props: Partial<Parameters<typeof HistoryList>[0]> = {}): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <HistoryList entries={ENTRIES} label="History" now={NOW} {...props} />
    </MemoryRouter>,
  );
}

describe('HistoryList', () => {
  it('shows each entry as a sentence with its time as <time datetime>, and no id', () => {
    const html = render();
    expect(html).toContain('<ol class="history" aria-label="History">');
    expect(html).toContain('<strong>Morgan Maintenance</strong> changed Status from New to In progress');
    expect(html).toContain('<time dateTime="2026-11-26T11:00:00Z"');
    expect(html).toContain('>1 hour ago</time>');
    expect(html).toContain('<li>Status changed from New to Assigned</li>');
    expect(html).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  });

  it('quotes a comment as text, never as markup', () => {
    const html = render();
    expect(html).toContain(
      '<blockquote class="history__quote"><p>&lt;img src=x onerror=alert(1)&gt; tuesday</p></blockquote>',
    );
    expect(html).not.toContain('<img');
  });

  it('groups by day under headings of the level asked for, each entry linking its ticket', () => {
    const html = render({ headingLevel: 2, showTicket: true });
    const headings = [...html.matchAll(/<h2[^>]*>(.*?)<\/h2>/g)].map((match) => match[1]);
    expect(headings).toEqual(['Today', 'Nov 20, 2026']);
    expect(html).toMatch(new RegExp(`<a href="/AP/${TICKET_ID}"[^>]*>AP-000012</a>`));
  });
});
