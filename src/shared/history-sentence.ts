/**
 * One history entry as one sentence people read (docs/behaviour.md "History"): "Morgan Maintenance
 * changed Status from New to In progress", with the entry's other field changes as short lines
 * under it and the comment it records quoted. Field titles of form data come from the entry
 * (`fieldTitles`, resolved by the server from the submission's schema version); values read as in
 * ./history-text.ts. No id, no field key and no HTML ever reaches the text. Pure: no DOM, no Node.
 */
import { isJsonObject, type JsonObject, type JsonValue } from './json';
import { escapePointerToken, parsePointer } from './json-pointer';
import {
  formatMoment,
  formatMonth,
  humanise,
  isNamed,
  isUuid,
  richTextExcerpt,
  valueText,
  withoutIds,
} from './history-text';
import { HISTORY_COMMENT_CHARS, type ChangeEntry } from './tickets';

/** What {@link describeChange} makes of an entry: `actor` + ` ` + `text` is the sentence. */
export type HistorySentence = {
  /** Who did it: the actor's name, or "The portal" for what the portal did by itself. */
  actor: string;
  /** The rest of the sentence, starting with a verb: "changed Status from New to In progress". */
  text: string;
  /** The recorded comment's text (plain, shortened), or null. */
  quote: string | null;
  /** The entry's further changes, one short line each: "Status changed from New to Assigned". */
  details: string[];
};

/** The parts of an entry the sentence reads; `fieldTitles` and `comment` may be left out. */
export type HistoryEntryInput = Pick<ChangeEntry, 'entity' | 'entityId' | 'action' | 'actor' | 'ticket' | 'diff'> &
  Partial<Pick<ChangeEntry, 'fieldTitles' | 'comment'>>;

/** A change of one field of a submission's form data, at `pointer` (RFC 6901) inside the data. */
export type DataChange = { pointer: string; from: JsonValue | undefined; to: JsonValue | undefined };

type Change = { from: JsonValue | undefined; to: JsonValue | undefined };

const FIELD_TITLES: Record<string, string> = {
  status: 'Status',
  priority: 'Priority',
  assigneeUser: 'Assignee',
  assigneeGroup: 'Role group',
  dueAt: 'Due date',
  dueDate: 'Due date',
  property: 'Property',
  number: 'Number',
  rule: 'Routing rule',
  feedback: 'Rating',
  period: 'Month',
  fieldPointer: 'Field',
  idpGroupIds: 'Identity provider groups',
};

/** Keys never shown: ids (`assigneeGroupId`, `commentId`, `id`). */
const ID_KEY = /(^id|Id|Ids|_id|_ids)$/;

function isRecord(value: JsonValue | undefined): value is JsonObject {
  return isJsonObject(value) && !isNamed(value);
}

function walkData(from: JsonObject, to: JsonObject, pointer: string, out: DataChange[]): void {
  for (const key of new Set([...Object.keys(from), ...Object.keys(to)])) {
    const a = from[key];
    const b = to[key];
    const at = `${pointer}/${escapePointerToken(key)}`;
    if (isRecord(a) && isRecord(b)) walkData(a, b, at, out);
    else if (JSON.stringify(a ?? null) !== JSON.stringify(b ?? null)) out.push({ pointer: at, from: a, to: b });
  }
}

/**
 * The form-data fields a diff changes: `data: { from: {…}, to: {…} }` compared field by field
 * (nested objects walked, lists compared whole), and keys `data.a.b` / `data/a/b`. A `data`
 * change from nothing (a new submission) changes no field. The server labels these pointers.
 */
export function dataChanges(diff: JsonValue): DataChange[] {
  const out: DataChange[] = [];
  if (!isJsonObject(diff)) return out;
  for (const [key, change] of Object.entries(diff)) {
    if (!isJsonObject(change)) continue;
    if (key === 'data') {
      if (isRecord(change.from) && isRecord(change.to)) walkData(change.from, change.to, '', out);
      continue;
    }
    const match = /^data([./])(.+)$/.exec(key);
    if (!match?.[2]) continue;
    const pointer = match[1] === '/' ? `/${match[2]}` : `/${match[2].split('.').map(escapePointerToken).join('/')}`;
    out.push({ pointer, from: change.from, to: change.to });
  }
  return out;
}

/** The title of a form field: the server's, else its last named token as words ("Pets in unit"). */
function dataTitle(pointer: string, titles: Record<string, string>): string {
  const known = titles[pointer];
  if (known) return known;
  const token = parsePointer(pointer)
    .reverse()
    .find((part) => !/^\d+$/.test(part) && !isUuid(part));
  return token ? humanise(token) : 'A field';
}

/** The sentence's verb phrase for one field: "changed Status from New to In progress". */
function changedPhrase(title: string, change: Change, timeZone: string | undefined, verb = 'changed'): string {
  const from = valueText(change.from, timeZone);
  const to = valueText(change.to, timeZone);
  if (!to) return from ? `cleared ${title} (was ${from})` : `changed ${title}`;
  return from ? `${verb} ${title} from ${from} to ${to}` : `set ${title} to ${to}`;
}

/** One detail line: "Status changed from New to Assigned"; null when nothing readable is left. */
function changedLine(title: string, change: Change, timeZone: string | undefined): string | null {
  const from = valueText(change.from, timeZone);
  const to = valueText(change.to, timeZone);
  if (!from && !to) return null;
  if (!to) return `${title} cleared (was ${from})`;
  return from ? `${title} changed from ${from} to ${to}` : `${title} set to ${to}`;
}

function quoted(text: string): string {
  return `“${text}”`;
}

/** The entry being described, with the keys of its diff the sentence has used up. */
class Reading {
  readonly changes = new Map<string, Change>();
  private readonly used = new Set<string>();
  readonly data: DataChange[];

  constructor(
    readonly entry: HistoryEntryInput,
    readonly timeZone: string | undefined,
  ) {
    const diff = entry.diff;
    if (isJsonObject(diff)) {
      for (const [key, change] of Object.entries(diff)) {
        const isPair = isJsonObject(change) && ('from' in change || 'to' in change);
        this.changes.set(key, isPair ? { from: change.from, to: change.to } : { from: undefined, to: change });
      }
    }
    this.data = dataChanges(diff);
    for (const key of this.changes.keys()) if (key === 'data' || /^data[./]/.test(key)) this.used.add(key);
  }

  has(key: string): boolean {
    return this.changes.has(key) && !this.used.has(key);
  }

  take(key: string): Change | undefined {
    if (!this.has(key)) return undefined;
    this.used.add(key);
    return this.changes.get(key);
  }

  /** The text of `key`'s new value (or old, when `side` says so), and the key used up. */
  text(key: string, side: 'to' | 'from' | 'either' = 'either'): string {
    const change = this.take(key);
    if (!change) return '';
    const to = valueText(change.to, this.timeZone);
    const from = valueText(change.from, this.timeZone);
    return side === 'to' ? to : side === 'from' ? from : to || from;
  }

  dataTitle(pointer: string): string {
    return dataTitle(pointer, this.entry.fieldTitles ?? {});
  }

  /** Lines for every change not used up: the ticket's and other fields, then form-data fields. */
  rest(): string[] {
    const lines: string[] = [];
    for (const [key, change] of this.changes) {
      if (this.used.has(key) || ID_KEY.test(key)) continue;
      const line =
        key === 'dueAt'
          ? dueLine(change, this.timeZone)
          : changedLine(FIELD_TITLES[key] ?? humanise(key), change, this.timeZone);
      if (line) lines.push(line);
    }
    for (const change of this.data) {
      const line = changedLine(this.dataTitle(change.pointer), change, this.timeZone);
      if (line) lines.push(line);
    }
    return lines;
  }
}

function dueLine(change: Change, timeZone: string | undefined): string | null {
  const to = typeof change.to === 'string' ? formatMoment(change.to, timeZone) : '';
  const from = typeof change.from === 'string' ? formatMoment(change.from, timeZone) : '';
  if (!to) return from ? `Due date removed (was ${from})` : null;
  return from ? `Due date changed from ${from} to ${to}` : `Due date set to ${to}`;
}

/** A builder's answer; `byPortal` when the portal did it by itself (routing), whoever the entry names. */
type Built = { text: string; quote?: string | null; byPortal?: boolean };
type Builder = (reading: Reading) => Built;

function refName(value: JsonValue | undefined, unknown: string): string {
  if (isNamed(value)) return value.name && !isUuid(value.name) ? withoutIds(value.name) : unknown;
  return typeof value === 'string' && value && !isUuid(value) ? value : '';
}

/** "assigned the ticket to Morgan Maintenance and the role group Maintenance (routing rule “Leaks”)". */
function assignment(reading: Reading): Built {
  const user = reading.take('assigneeUser');
  const group = reading.take('assigneeGroup');
  const targets = [
    user ? refName(user.to, 'a former user') : '',
    group && refName(group.to, 'a former role group')
      ? `the role group ${refName(group.to, 'a former role group')}`
      : '',
  ].filter(Boolean);
  const rule = refName(reading.take('rule')?.to, '');
  const byRule = rule ? ` by the routing rule ${quoted(rule)}` : '';
  if (targets.length) return { text: `assigned the ticket to ${targets.join(' and ')}${byRule}`, byPortal: !!rule };
  const former = [
    user ? refName(user.from, 'a former user') : '',
    group ? refName(group.from, 'a former role group') : '',
  ]
    .filter(Boolean)
    .join(' and ');
  return { text: former ? `removed ${former} as assignee` : 'unassigned the ticket' };
}

function due(reading: Reading): Built {
  const change = reading.take('dueAt');
  const to = typeof change?.to === 'string' ? formatMoment(change.to, reading.timeZone) : '';
  const from = typeof change?.from === 'string' ? formatMoment(change.from, reading.timeZone) : '';
  if (!to) return { text: from ? `removed the due date (was ${from})` : 'removed the due date' };
  return { text: from ? `changed the due date from ${from} to ${to}` : `set the due date to ${to}` };
}

/** The main change of a ticket entry, in the order people care about; data fields last. */
function ticketChange(reading: Reading): Built | null {
  const status = reading.take('status');
  if (status) return { text: changedPhrase('Status', status, reading.timeZone) };
  if (reading.has('assigneeUser') || reading.has('assigneeGroup')) return assignment(reading);
  const priority = reading.take('priority');
  if (priority) return { text: changedPhrase('Priority', priority, reading.timeZone, 'set') };
  if (reading.has('dueAt')) return due(reading);
  const [first, ...others] = reading.data;
  if (!first) return null;
  if (others.length) return { text: `changed ${reading.data.length} fields of the form` };
  reading.data.length = 0;
  return { text: changedPhrase(reading.dataTitle(first.pointer), first, reading.timeZone) };
}

function commentQuote(reading: Reading): string | null {
  const comment = reading.entry.comment;
  if (comment?.excerpt) return comment.excerpt;
  return null;
}

function commented(reading: Reading): Built {
  const change = reading.take('comment');
  const isInternal = reading.entry.action === 'commented_internal';
  const names = reading.entry.comment?.files ?? [];
  const count = isJsonObject(change?.to ?? null) ? (change?.to as JsonObject).attachments : undefined;
  const files = names.length
    ? ` and attached ${names.map(withoutIds).join(', ')}`
    : typeof count === 'number' && count > 0
      ? ` and attached ${count === 1 ? 'a file' : `${count} files`}`
      : '';
  return { text: `commented${isInternal ? ' (internal)' : ''}${files}`, quote: commentQuote(reading) };
}

function feedback(reading: Reading): Built {
  const change = reading.take('feedback');
  const to = isJsonObject(change?.to ?? null) ? (change?.to as JsonObject) : {};
  const number = typeof to.number === 'string' ? ` (${to.number})` : '';
  const rated =
    typeof to.rating === 'number' ? `rated the ticket ${to.rating} out of 5${number}` : `gave feedback${number}`;
  const reopens = reading.take('comment');
  return { text: reopens ? `${rated} and asked to reopen it` : rated, quote: commentQuote(reading) };
}

/** An approval decision: `{ step, comment }`, each a value or a `{ from, to }` change. */
function decision(verb: 'approved' | 'rejected'): Builder {
  return (reading) => {
    const step = reading.text('step');
    const comment = reading.take('comment');
    const said = comment ? (comment.to ?? comment.from) : undefined;
    const text = typeof said === 'string' ? richTextExcerpt(said, HISTORY_COMMENT_CHARS).excerpt : '';
    return {
      text: `${verb} ${step ? `the step ${quoted(step)}` : 'the ticket'}`,
      quote: commentQuote(reading) ?? (text || null),
    };
  };
}

function created(reading: Reading): Built {
  const number = reading.entry.ticket?.number ?? reading.text('number', 'to');
  reading.take('number');
  reading.take('status');
  const property = reading.text('property', 'to');
  return { text: `submitted ${number || 'a form'}${property ? ` for property ${property}` : ''}` };
}

function otherwise(what: string): Builder {
  return (reading) => ({ text: `recorded ${quoted(humanise(reading.entry.action))} on ${what}` });
}

const SUBMISSION: Record<string, Builder> = {
  created,
  status: (reading) => ticketChange(reading) ?? otherwise('the ticket')(reading),
  assigned: (reading) =>
    reading.has('assigneeUser') || reading.has('assigneeGroup')
      ? assignment(reading)
      : otherwise('the ticket')(reading),
  updated: (reading) => ticketChange(reading) ?? { text: 'updated the ticket' },
  commented,
  commented_internal: commented,
  feedback,
  approved: decision('approved'),
  rejected: decision('rejected'),
};

function named(reading: Reading, kind: string): string {
  const name = reading.text('name');
  return name ? `the ${kind} ${quoted(name)}` : `a ${kind}`;
}

const ROLE_GROUP: Record<string, Builder> = {
  created: (reading) => ({ text: `created ${named(reading, 'role group')}` }),
  updated: (reading) => {
    const rename = reading.take('name');
    const from = valueText(rename?.from);
    const to = valueText(rename?.to);
    return { text: from && to ? `renamed the role group ${quoted(from)} to ${quoted(to)}` : 'changed a role group' };
  },
  deleted: (reading) => ({ text: `deleted ${named(reading, 'role group')}` }),
  member_added: (reading) => ({ text: `added ${reading.text('member', 'to') || 'a member'} to a role group` }),
  member_removed: (reading) => ({ text: `removed ${reading.text('member', 'from') || 'a member'} from a role group` }),
};

const ASSIGNMENT_RULE: Record<string, Builder> = {
  created: (reading) => ({ text: `created ${named(reading, 'routing rule')}` }),
  updated: (reading) => ({ text: `changed ${named(reading, 'routing rule')}` }),
  enabled: (reading) => (reading.take('enabled'), { text: 'enabled a routing rule' }),
  disabled: (reading) => (reading.take('enabled'), { text: 'disabled a routing rule' }),
  deleted: (reading) => ({ text: `deleted ${named(reading, 'routing rule')}` }),
  reordered: (reading) => {
    const position = reading.take('position');
    const from = valueText(position?.from);
    const to = valueText(position?.to);
    return { text: from && to ? `moved a routing rule from position ${from} to ${to}` : 'moved a routing rule' };
  },
};

/** "the Rent roll report of ABC for March 2026" (the constant parts of a report-tracker entry). */
function reportPlace(reading: Reading): { report: string; property: string; month: string } {
  return {
    report: reading.text('report'),
    property: reading.text('property') || 'a property',
    month: formatMonth(reading.text('period')) || 'a month',
  };
}

function monthOpened(verb: string): Builder {
  return (reading) => {
    const cells = reading.text('accountingCells', 'to');
    const deliveries = reading.text('deliveries', 'to');
    const counts = [cells && `${cells} accounting cells`, deliveries && `${deliveries} deliveries`].filter(Boolean);
    const month = /^\d{4}-\d{2}$/.test(reading.entry.entityId) ? formatMonth(reading.entry.entityId) : 'a month';
    return { text: `${verb} ${month} on the report tracker${counts.length ? ` (${counts.join(', ')})` : ''}` };
  };
}

const ENTITIES: Record<string, { what: string; builders: Record<string, Builder> }> = {
  submission: { what: 'the ticket', builders: SUBMISSION },
  role_group: { what: 'a role group', builders: ROLE_GROUP },
  assignment_rule: { what: 'a routing rule', builders: ASSIGNMENT_RULE },
  'report-accounting-cell': {
    what: 'the report tracker',
    builders: {
      updated: (reading) => {
        const { report, property, month } = reportPlace(reading);
        return { text: `updated ${report ? `the ${report} report` : 'a report'} of ${property} for ${month}` };
      },
    },
  },
  'report-delivery': {
    what: 'the report tracker',
    builders: {
      delivered: (reading) => {
        const { property, month } = reportPlace(reading);
        return { text: `delivered the reports of ${property} for ${month}` };
      },
      updated: (reading) => {
        const { property, month } = reportPlace(reading);
        return { text: `updated the delivery of ${property} for ${month}` };
      },
    },
  },
  'report-month': {
    what: 'the report tracker',
    builders: { opened: monthOpened('opened'), extended: monthOpened('added to') },
  },
};

/**
 * The sentence of one history entry (see the module comment). Every action the portal records has
 * its wording; an unknown action or entity still reads as a sentence ("recorded “Escalated” on the
 * ticket") with its field changes listed, ids and keys left out. `timeZone` (IANA) for due dates;
 * default the runtime's.
 */
export function describeChange(entry: HistoryEntryInput, options: { timeZone?: string } = {}): HistorySentence {
  const reading = new Reading(entry, options.timeZone);
  const kind = ENTITIES[entry.entity];
  const what = kind?.what ?? `the ${humanise(entry.entity).toLowerCase()}`;
  const builder =
    kind?.builders[entry.action] ??
    ((r: Reading) => (kind === ENTITIES.submission ? ticketChange(r) : null) ?? otherwise(what)(r));
  const built = builder(reading);
  // routing runs on the requester's submission, so its entry names the requester
  const actor = entry.actor?.name && !isUuid(entry.actor.name) && !built.byPortal ? entry.actor.name : 'The portal';
  return {
    actor,
    text: withoutIds(built.text),
    quote: built.quote ? withoutIds(built.quote) : null,
    details: reading.rest().map(withoutIds),
  };
}

/** The whole sentence as one line of text: "Morgan Maintenance changed Status from New to In progress". */
export function sentenceText(sentence: HistorySentence): string {
  return `${sentence.actor} ${sentence.text}`;
}
