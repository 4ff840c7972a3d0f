import { describe, expect, it } from 'vitest';
import {
  dataChanges,
  describeChange,
  sentenceText,
  type HistoryEntryInput,
  type HistorySentence,
} from '../../../src/shared/history-sentence';
import { richTextExcerpt, relativeTime, valueText } from '../../../src/shared/history-text';
import type { JsonValue } from '../../../src/shared/json';

const TICKET_ID = '0f3c2d4e-5b6a-4c7d-8e9f-0a1b2c3d4e5f';
const USER_ID = '4b8ec000-0000-4000-8000-000000000001';
const GROUP_ID = '4b8ec000-0000-4000-8000-000000000002';
const COMMENT_ID = 'd1137c3b-1111-4222-8333-444455556666';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

const MORGAN = { id: USER_ID, name: 'Morgan Maintenance', issuer: 'https://idp', subject: 'maintenance' };
const ALEX = { id: GROUP_ID, name: 'Alex Accounting', issuer: 'https://idp', subject: 'accounting' };

function entry(action: string, diff: JsonValue, more: Partial<HistoryEntryInput> = {}): HistoryEntryInput {
  return {
    entity: 'submission',
    entityId: TICKET_ID,
    action,
    actor: MORGAN,
    ticket: { number: 'AP-000012', area: 'AP' },
    diff,
    ...more,
  };
}

/** Everything a person would read of the sentence, as one text. */
function allText(sentence: HistorySentence): string {
  return [sentenceText(sentence), sentence.quote ?? '', ...sentence.details].join('\n');
}

/** Nothing a developer's diff would show: no id, no `data.` key, no tag, no snake_case action. */
function expectReadable(sentence: HistorySentence): void {
  const text = allText(sentence);
  expect(text).not.toMatch(UUID);
  expect(text).not.toMatch(/data\./);
  expect(text).not.toMatch(/<\/?[a-z][^>]*>/i);
  expect(text).not.toMatch(/commented_internal|assigneeUser|assigneeGroup|dueAt/);
}

describe('describeChange: ticket entries', () => {
  it('reads a status change as "changed Status from … to …"', () => {
    const sentence = describeChange(entry('status', { status: { from: 'New', to: 'In progress' } }));
    expect(sentenceText(sentence)).toBe('Morgan Maintenance changed Status from New to In progress');
    expect(sentence.details).toEqual([]);
    expectReadable(sentence);
  });

  it('takes new statuses as plain words (Waiting for approval, Rejected)', () => {
    const sentence = describeChange(entry('status', { status: { from: 'Waiting for approval', to: 'Rejected' } }));
    expect(sentence.text).toBe('changed Status from Waiting for approval to Rejected');
  });

  it('reads an assignment by name, with the status change it caused listed under it', () => {
    const sentence = describeChange(
      entry(
        'assigned',
        {
          assigneeUser: { from: null, to: { id: USER_ID, name: 'Morgan Maintenance' } },
          status: { from: 'New', to: 'Assigned' },
        },
        { actor: ALEX },
      ),
    );
    expect(sentenceText(sentence)).toBe('Alex Accounting assigned the ticket to Morgan Maintenance');
    expect(sentence.details).toEqual(['Status changed from New to Assigned']);
    expectReadable(sentence);
  });

  it("names the routing rule and role group as the portal's doing, and never a name that is only an id", () => {
    const sentence = describeChange(
      entry('assigned', {
        assigneeGroup: { from: null, to: { id: GROUP_ID, name: 'Maintenance' } },
        rule: { from: null, to: { id: USER_ID, name: 'Leaks to maintenance' } },
        status: { from: 'New', to: 'Assigned' },
      }),
    );
    // routing runs as the requester, but the portal did it
    expect(sentenceText(sentence)).toBe(
      'The portal assigned the ticket to the role group Maintenance by the routing rule “Leaks to maintenance”',
    );
    const orphan = describeChange(
      entry('assigned', { assigneeUser: { from: null, to: { id: USER_ID, name: USER_ID } } }),
    );
    expect(orphan.text).toBe('assigned the ticket to a former user');
    expectReadable(orphan);
  });

  it('reads an unassignment', () => {
    const sentence = describeChange(
      entry('assigned', { assigneeUser: { from: { id: USER_ID, name: 'Morgan Maintenance' }, to: null } }),
    );
    expect(sentence.text).toBe('removed Morgan Maintenance as assignee');
  });

  it('reads a priority change and a due date as dates', () => {
    expect(describeChange(entry('updated', { priority: { from: 'Normal', to: 'High' } })).text).toBe(
      'set Priority from Normal to High',
    );
    const due = describeChange(entry('updated', { dueAt: { from: null, to: '2026-03-02T00:00:00.000Z' } }), {
      timeZone: 'UTC',
    });
    expect(due.text).toBe('set the due date to Mar 2, 2026');
    const moved = describeChange(
      entry('updated', { dueAt: { from: '2026-03-02T00:00:00.000Z', to: '2026-03-05T15:30:00.000Z' } }),
      { timeZone: 'UTC' },
    );
    expect(moved.text).toBe('changed the due date from Mar 2, 2026 to Mar 5, 2026, 3:30 PM');
    expect(
      describeChange(entry('updated', { dueAt: { from: '2026-03-02T00:00:00.000Z', to: null } }), { timeZone: 'UTC' })
        .text,
    ).toBe('removed the due date (was Mar 2, 2026)');
  });

  it('reads a due date in the runtime zone when no zone is given, as the web app shows it', () => {
    const savedZone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      // midnight in New York: a date picked without a time
      const due = describeChange(entry('updated', { dueAt: { from: null, to: '2026-03-02T05:00:00.000Z' } }));
      expect(due.text).toBe('set the due date to Mar 2, 2026');
      const moved = describeChange(
        entry('updated', { dueAt: { from: '2026-03-02T05:00:00.000Z', to: '2026-03-05T20:30:00.000Z' } }),
      );
      expect(moved.text).toBe('changed the due date from Mar 2, 2026 to Mar 5, 2026, 3:30 PM');
    } finally {
      if (savedZone === undefined) delete process.env.TZ;
      else process.env.TZ = savedZone;
    }
  });

  it('lists the other fields of one entry under its one sentence', () => {
    const sentence = describeChange(
      entry('updated', {
        priority: { from: 'Normal', to: 'Urgent' },
        dueAt: { from: null, to: '2026-03-02T00:00:00.000Z' },
      }),
      { timeZone: 'UTC' },
    );
    expect(sentence.text).toBe('set Priority from Normal to Urgent');
    expect(sentence.details).toEqual(['Due date set to Mar 2, 2026']);
  });

  it('reads a new submission as "submitted AP-000012", without its form data', () => {
    const sentence = describeChange(
      entry('created', {
        number: { from: null, to: 'AP-000012' },
        status: { from: null, to: 'New' },
        property: { from: null, to: 'RIVER' },
        data: { from: null, to: { invoiceNumber: 'INV-1', notes: '<p>Hi</p>' } },
      }),
    );
    expect(sentenceText(sentence)).toBe('Morgan Maintenance submitted AP-000012 for property RIVER');
    expect(sentence.details).toEqual([]);
    expectReadable(sentence);
  });
});

describe('describeChange: comments', () => {
  const diff = { comment: { from: null, to: { id: COMMENT_ID, isInternal: true, attachments: 0 } } };

  it('quotes an internal comment and marks it internal', () => {
    const sentence = describeChange(
      entry('commented_internal', diff, {
        actor: ALEX,
        comment: { excerpt: 'Check the boiler log first', isTruncated: false, files: [] },
      }),
    );
    expect(sentenceText(sentence)).toBe('Alex Accounting commented (internal)');
    expect(sentence.quote).toBe('Check the boiler log first');
    expectReadable(sentence);
  });

  it('names the files of a comment, or counts them when the names are not given', () => {
    const named = describeChange(
      entry(
        'commented',
        { comment: { from: null, to: { id: COMMENT_ID, isInternal: false, attachments: 2 } } },
        { comment: { excerpt: 'See the slip', isTruncated: false, files: ['visit-slip.pdf', 'photo.png'] } },
      ),
    );
    expect(named.text).toBe('commented and attached visit-slip.pdf, photo.png');
    const counted = describeChange(
      entry('commented', { comment: { from: null, to: { id: COMMENT_ID, isInternal: false, attachments: 2 } } }),
    );
    expect(counted.text).toBe('commented and attached 2 files');
    expect(counted.quote).toBeNull();
    expectReadable(counted);
  });

  it('lists the reopening a requester reply caused', () => {
    const sentence = describeChange(
      entry('commented', {
        ...diff,
        status: { from: 'Waiting on requester', to: 'In progress' },
      }),
    );
    expect(sentence.details).toEqual(['Status changed from Waiting on requester to In progress']);
  });

  it('reads feedback as a rating, with a reopen request quoted', () => {
    const sentence = describeChange(
      entry(
        'feedback',
        {
          feedback: { from: null, to: { number: 'TicketFeedback-000003', rating: 2 } },
          comment: { from: null, to: { id: COMMENT_ID, isInternal: false } },
          status: { from: 'Resolved', to: 'In progress' },
        },
        { comment: { excerpt: 'Still leaking', isTruncated: false, files: [] } },
      ),
    );
    expect(sentence.text).toBe('rated the ticket 2 out of 5 (TicketFeedback-000003) and asked to reopen it');
    expect(sentence.quote).toBe('Still leaking');
    expect(sentence.details).toEqual(['Status changed from Resolved to In progress']);
    expectReadable(sentence);
  });
});

describe('describeChange: approvals', () => {
  it('reads a decision with its step and comment', () => {
    const approved = describeChange(entry('approved', { step: 'Manager review', comment: '<p>Fine <b>by me</b></p>' }));
    expect(approved.text).toBe('approved the step “Manager review”');
    expect(approved.quote).toBe('Fine by me');
    const rejected = describeChange(
      entry('rejected', {
        step: { from: null, to: 'Finance' },
        status: { from: 'Waiting for approval', to: 'Rejected' },
      }),
    );
    expect(rejected.text).toBe('rejected the step “Finance”');
    expect(rejected.details).toEqual(['Status changed from Waiting for approval to Rejected']);
    expectReadable(approved);
  });
});

describe('describeChange: form data', () => {
  const titles = { '/invoiceNumber': 'Invoice number', '/unit/petsInUnit': 'Unit › Pets in unit' };

  it('names a changed field by the title the server resolved from the schema version', () => {
    const sentence = describeChange(
      entry('updated', { 'data.invoiceNumber': { from: 'INV-1', to: 'INV-2' } }, { fieldTitles: titles }),
    );
    expect(sentence.text).toBe('changed Invoice number from INV-1 to INV-2');
    expectReadable(sentence);
  });

  it('lists several changed fields of a data diff by title, rich text as text, files by name', () => {
    const file = { id: USER_ID, name: 'kitchen-leak.png', size: 70, mediaType: 'image/png' };
    const sentence = describeChange(
      entry(
        'edited',
        {
          data: {
            from: { invoiceNumber: 'INV-1', unit: { petsInUnit: false }, notes: '<p>Old</p>', photos: [] },
            to: {
              invoiceNumber: 'INV-2',
              unit: { petsInUnit: true },
              notes: '<p>New &amp; <em>better</em></p>',
              photos: [file],
            },
          },
        },
        { fieldTitles: titles },
      ),
    );
    expect(sentence.text).toBe('changed 4 fields of the form');
    expect(sentence.details).toEqual([
      'Invoice number changed from INV-1 to INV-2',
      'Unit › Pets in unit changed from No to Yes',
      'Notes changed from Old to New & better',
      'Photos set to kitchen-leak.png',
    ]);
    expectReadable(sentence);
  });

  it('without a title, turns the key into words and never shows "data."', () => {
    const sentence = describeChange(entry('updated', { 'data.petsInUnit': { from: null, to: 'Two cats' } }));
    expect(sentence.text).toBe('set Pets in unit to Two cats');
  });

  it('finds the changed fields of each diff shape', () => {
    expect(dataChanges({ data: { from: { a: 1, b: { c: 2 } }, to: { a: 1, b: { c: 3 } } } })).toEqual([
      { pointer: '/b/c', from: 2, to: 3 },
    ]);
    expect(
      dataChanges({ 'data/a~1b': { from: 1, to: 2 }, 'data.x.y': { from: 1, to: 2 } }).map((c) => c.pointer),
    ).toEqual(['/a~1b', '/x/y']);
    expect(dataChanges({ data: { from: null, to: { a: 1 } } })).toEqual([]);
  });
});

describe('describeChange: other entities and the fallback', () => {
  it('reads an unknown action as a sentence with its changes, no keys or ids', () => {
    const sentence = describeChange(
      entry('sla_breached', {
        escalationLevel: { from: 1, to: 2 },
        escalatedToUserId: { from: null, to: USER_ID },
        target: { from: null, to: USER_ID },
      }),
    );
    expect(sentence.text).toBe('recorded “Sla breached” on the ticket');
    expect(sentence.details).toEqual(['Escalation level changed from 1 to 2']);
    expectReadable(sentence);
  });

  it('reads an unknown action that changes the status as the status change', () => {
    expect(describeChange(entry('escalated', { status: { from: 'New', to: 'In progress' } })).text).toBe(
      'changed Status from New to In progress',
    );
  });

  it('reads an unknown entity and an entry without an actor', () => {
    const sentence = describeChange({
      entity: 'sla_policy',
      entityId: USER_ID,
      action: 'created',
      actor: null,
      ticket: null,
      diff: { hours: { from: null, to: 24 } },
    });
    expect(sentenceText(sentence)).toBe('The portal recorded “Created” on the sla policy');
    expect(sentence.details).toEqual(['Hours set to 24']);
  });

  it('reads role group, routing rule and report tracker entries', () => {
    const group = (action: string, diff: JsonValue) =>
      describeChange({ entity: 'role_group', entityId: GROUP_ID, action, actor: ALEX, ticket: null, diff });
    expect(
      group('created', { name: { from: null, to: 'Maintenance' }, scopes: { from: null, to: ['tickets:work'] } }),
    ).toEqual({
      actor: 'Alex Accounting',
      text: 'created the role group “Maintenance”',
      quote: null,
      details: ['Scopes set to tickets:work'],
    });
    expect(
      group('member_added', { member: { from: null, to: { id: USER_ID, name: 'Morgan Maintenance' } } }).text,
    ).toBe('added Morgan Maintenance to a role group');
    const rule = describeChange({
      entity: 'assignment_rule',
      entityId: USER_ID,
      action: 'reordered',
      actor: ALEX,
      ticket: null,
      diff: { position: { from: 2, to: 3 } },
    });
    expect(rule.text).toBe('moved a routing rule from position 2 to 3');
    const created = describeChange({
      entity: 'assignment_rule',
      entityId: USER_ID,
      action: 'created',
      actor: null,
      ticket: null,
      diff: { name: { from: null, to: 'Leaks' }, assigneeGroupId: { from: null, to: GROUP_ID } },
    });
    expectReadable(created);
    const month = describeChange({
      entity: 'report-month',
      entityId: '2026-03',
      action: 'opened',
      actor: null,
      ticket: null,
      diff: { accountingCells: { from: null, to: 12 }, deliveries: { from: null, to: 4 } },
    });
    expect(sentenceText(month)).toBe(
      'The portal opened March 2026 on the report tracker (12 accounting cells, 4 deliveries)',
    );
    const cell = describeChange({
      entity: 'report-accounting-cell',
      entityId: USER_ID,
      action: 'updated',
      actor: ALEX,
      ticket: null,
      diff: {
        period: { from: '2026-03', to: '2026-03' },
        property: { from: 'RIVER', to: 'RIVER' },
        report: { from: 'Rent roll', to: 'Rent roll' },
        status: { from: 'Pending', to: 'Complete' },
      },
    });
    expect(cell.text).toBe('updated the Rent roll report of RIVER for March 2026');
    expect(cell.details).toEqual(['Status changed from Pending to Complete']);
  });
});

describe('history text', () => {
  it('reads rich text, HTML and plain text as shortened plain text', () => {
    const doc: JsonValue = [
      { type: 'paragraph', children: [{ text: 'Hello ', bold: true }, { text: 'there' }] },
      { type: 'paragraph', children: [{ text: 'Second line' }] },
    ];
    expect(richTextExcerpt(doc, 200)).toEqual({ excerpt: 'Hello there Second line', isTruncated: false });
    expect(richTextExcerpt('<p>One &lt;two&gt;</p><script>alert(1)</script><p>three</p>', 200).excerpt).toBe(
      'One <two> three',
    );
    expect(richTextExcerpt('x'.repeat(250), 200)).toEqual({ excerpt: `${'x'.repeat(200)}…`, isTruncated: true });
    expect(richTextExcerpt(`see ${COMMENT_ID}`, 200).excerpt).toBe('see …');
  });

  it('never shows a bare id as a value', () => {
    expect(valueText(USER_ID)).toBe('');
    expect(valueText({ id: USER_ID, name: USER_ID })).toBe('');
    expect(valueText([{ a: 1 }, { a: 2 }])).toBe('2 entries');
  });

  it('says how long ago for the last day only', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    expect(relativeTime('2026-11-26T11:59:50Z', now)).toBe('just now');
    expect(relativeTime('2026-11-26T11:55:00Z', now)).toBe('5 minutes ago');
    expect(relativeTime('2026-11-26T09:00:00Z', now)).toBe('3 hours ago');
    expect(relativeTime('2026-11-24T09:00:00Z', now)).toBeNull();
  });
});
