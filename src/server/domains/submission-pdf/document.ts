/**
 * The PDF of one submission as a pdfmake document definition (pure: no database, no I/O): the
 * portal's name, the area's title, the number, the ticket's facts (status, priority, requester,
 * property, assignee, dates), every field in form order (./fields.ts), the attached files (name,
 * type, size) and, for the ticket's handlers, its status history. US Letter, 9.5 pt Roboto (the
 * font pdfmake ships), page numbers in the footer (docs/behaviour.md "PDF of a submission").
 */
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { AttachmentRef } from '../../../shared/attachment';
import { formatBytes, formatDateTime, PORTAL_NAME } from '../../../shared/display-format';
import type { JsonObject } from '../../../shared/json';
import type { Ticket } from '../../../shared/tickets';
import { fieldsContent, PDF_TIME_ZONE } from './fields';

/** Paper size of the PDF: US Letter (the portal's users are in the US; en-US dates and amounts). */
const PDF_PAGE_SIZE = 'LETTER';

/** One status change of the ticket. `at` is ISO 8601. */
export type StatusChange = { at: string; by: string | null; from: string | null; to: string };

/** What the PDF shows; `history` is null for a reader who does not handle the ticket. */
export type SubmissionPdfInput = {
  areaTitle: string;
  ticket: Ticket;
  /** The JSON Schema and UI schema of the version the submission was stored with. */
  schema: JsonObject;
  uiSchema: JsonObject;
  /** Set when the schema shown is not the one the submission was stored with (it is no longer available). */
  versionNote?: string;
  files: readonly AttachmentRef[];
  history: readonly StatusChange[] | null;
  generatedAt: Date;
};

const MUTED = '#4b5563';
const RULE = '#d1d5db';

const when = (iso: string) => formatDateTime(iso, PDF_TIME_ZONE, true);

function heading(text: string): Content {
  return { text, style: 'heading' };
}

function factsTable(ticket: Ticket): Content {
  const assignee = [ticket.assigneeUser?.name, ticket.assigneeGroup?.name].filter(Boolean).join(' · ');
  const requester = ticket.requester.email
    ? `${ticket.requester.name} <${ticket.requester.email}>`
    : ticket.requester.name;
  const facts: [string, string][] = [
    ['Status', ticket.status],
    ['Priority', ticket.priority],
    ['Requester', requester],
    ...(ticket.property ? [['Property', ticket.property] as [string, string]] : []),
    ['Submitted', when(ticket.createdAt)],
    ['Last updated', when(ticket.updatedAt)],
    ...(assignee ? [['Assigned to', assignee] as [string, string]] : []),
    ...(ticket.dueAt ? [['Due', when(ticket.dueAt)] as [string, string]] : []),
  ];
  // two facts per row: label, value, label, value
  const rows: TableCell[][] = [];
  for (let index = 0; index < facts.length; index += 2) {
    const pair = facts.slice(index, index + 2);
    const cells: TableCell[] = pair.flatMap(([label, value]) => [{ text: label, color: MUTED }, { text: value }]);
    while (cells.length < 4) cells.push('');
    rows.push(cells);
  }
  return {
    table: { widths: [70, '*', 70, '*'], body: rows },
    layout: { hLineWidth: () => 0, vLineWidth: () => 0, paddingTop: () => 2, paddingBottom: () => 2 },
    margin: [0, 0, 0, 6],
  };
}

function lineTable(header: string[], rows: TableCell[][], widths: (number | string)[]): Content {
  return {
    table: {
      headerRows: 1,
      widths,
      body: [header.map((text) => ({ text, bold: true, fontSize: 8.5, color: MUTED })), ...rows],
      dontBreakRows: true,
    },
    layout: {
      hLineWidth: (row) => (row === 1 ? 0.8 : 0.4),
      vLineWidth: () => 0,
      hLineColor: () => RULE,
      paddingTop: () => 3,
      paddingBottom: () => 3,
    },
    margin: [0, 0, 0, 8],
  };
}

function filesContent(files: readonly AttachmentRef[]): Content {
  if (!files.length) return { text: 'None', color: MUTED, margin: [0, 0, 0, 8] };
  return lineTable(
    ['Name', 'Type', 'Size'],
    files.map((file) => [file.name, file.mediaType, { text: formatBytes(file.size), alignment: 'right' }]),
    ['*', 150, 60],
  );
}

function historyContent(history: readonly StatusChange[]): Content {
  if (!history.length) return { text: 'No status changes.', color: MUTED, margin: [0, 0, 0, 8] };
  return lineTable(
    ['When', 'By', 'From', 'To'],
    history.map((entry) => [when(entry.at), entry.by ?? 'The portal', entry.from ?? '—', entry.to]),
    [130, '*', 80, 80],
  );
}

/** The document definition of the PDF (see the module comment). */
export function submissionPdfDefinition(input: SubmissionPdfInput): TDocumentDefinitions {
  const { ticket, areaTitle } = input;
  const content: Content[] = [
    { text: PORTAL_NAME, color: MUTED, fontSize: 9 },
    { text: areaTitle, style: 'title' },
    { text: ticket.number, fontSize: 12, bold: true, margin: [0, 0, 0, 8] },
    factsTable(ticket),
    heading('Submitted data'),
    ...(input.versionNote
      ? [{ text: input.versionNote, italics: true, color: MUTED, margin: [0, 0, 0, 4] } satisfies Content]
      : []),
    ...fieldsContent(input.schema, input.uiSchema, ticket.data),
    heading('Attachments'),
    filesContent(input.files),
    ...(input.history ? [heading('Status history'), historyContent(input.history)] : []),
  ];
  return {
    pageSize: PDF_PAGE_SIZE,
    pageMargins: [48, 48, 48, 56],
    info: { title: `${ticket.number} — ${areaTitle}`, creator: PORTAL_NAME, producer: PORTAL_NAME },
    defaultStyle: { font: 'Roboto', fontSize: 9.5, lineHeight: 1.15 },
    styles: {
      title: { fontSize: 17, bold: true, margin: [0, 2, 0, 2] },
      heading: { fontSize: 12, bold: true, margin: [0, 10, 0, 4] },
    },
    content,
    footer: (page, pages) => ({
      columns: [
        { text: `${ticket.number} · generated ${when(input.generatedAt.toISOString())}`, color: MUTED },
        { text: `Page ${page} of ${pages}`, alignment: 'right', color: MUTED },
      ],
      fontSize: 8,
      margin: [48, 20, 48, 0],
    }),
  };
}
