/**
 * Form-area contract shared by client, server and scripts
 * (docs/architecture.md "The path of a form area").
 *
 * An area is data, never code: each folder `schemas/<key>/` holds `schema.json`
 * (JSON Schema draft-07), `ui.json` (rjsf UI schema), an optional `area.json`
 * (this file's {@link AreaManifest}) and an optional `example.json`.
 */
import type { ApprovalStepDeclaration } from './approvals';
import type { AreaRule } from './area-rules';
import type { JsonObject } from './json';

/** The contents of `schemas/<key>/area.json`; every field but `key` may be omitted. */
export type AreaManifest = {
  /** Route segment and folder name, e.g. `AP`. */
  key: string;
  title?: string;
  /** Department the area belongs to, e.g. `Accounting`. */
  group?: string;
  description?: string;
  /** Schema version; a stored submission remembers the version it was submitted with. */
  version?: number;
  /** Top-level property names shown as columns on the area's list page. */
  listColumns?: string[];
  /** Top-level string property used as a ticket's one-line summary. */
  summaryField?: string;
  /** Role-group names that handle this area's tickets. */
  handlers?: string[];
  /** Parent area key for nested areas (`IncidentFollowUp`, `InsuranceClaim` under `IncidentForm`). */
  parent?: string;
  /** Cross-field rules JSON Schema cannot state, checked by client and server (src/shared/area-rules.ts). */
  rules?: AreaRule[];
  /** Approval steps a submission passes before it is routed (src/shared/approvals.ts). */
  approvals?: ApprovalStepDeclaration[];
  /**
   * Makes each submission a rating of one ticket (docs/behaviour.md "Ticket feedback"); see
   * {@link TicketRatingLink}.
   */
  ratesTicket?: TicketRatingLink;
};

/**
 * `area.json` `ratesTicket`: a submission of this area rates the ticket whose number is in
 * `ticketField` (a top-level string property); `ratingField` (a top-level integer property,
 * 1–5) is shown on the ticket. The server allows one feedback per ticket, only from its
 * requester, only once it is Resolved or Closed; the create page pre-fills and locks
 * `ticketField` from `?ticket=<number>`.
 *
 * `reopenField` (a top-level boolean property) and `reopenReasonField` (a top-level string
 * property): a feedback with `reopenField` true reopens a Resolved ticket (→ In progress, the
 * requester's own step in the workflow) and always posts the reason as a public comment from the
 * requester, so the handlers see it also on a Closed ticket, which only they may reopen.
 */
export type TicketRatingLink = {
  ticketField: string;
  ratingField?: string;
  reopenField?: string;
  reopenReasonField?: string;
};

/** One entry of `GET /api/areas`. */
export type AreaSummary = {
  key: string;
  title: string;
  group: string;
  description: string;
  parent?: string;
};

/** `GET /api/areas/:key`: everything the client needs to render the area's pages. */
export type AreaDefinition = AreaSummary & {
  version: number;
  schema: JsonObject;
  uiSchema: JsonObject;
  /**
   * The precompiled validator module of `schema`, relative to the API root
   * (`areas/AP/validators/<sha256>.js`; src/shared/precompiled-validators.ts): immutable, a new
   * name for a new schema.
   */
  validator: string;
  listColumns: string[];
  summaryField?: string;
  /** Top-level property whose UI options say `optionsFrom: "properties"`, if any. */
  propertyField?: string;
  handlers: string[];
  /** The area's cross-field rules (from `area.json`), absent when it has none. */
  rules?: AreaRule[];
  /** The area's approval steps (from `area.json`), absent when it has none. */
  approvals?: ApprovalStepDeclaration[];
  /** Present when each submission rates a ticket (area.json `ratesTicket`). */
  ratesTicket?: TicketRatingLink;
};

/** Area keys are route segments: letters and digits, starting with a letter or digit (e.g. `504Request`). */
export const AREA_KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9]{0,63}$/;

/** First path segments of the portal's own pages and mounts: never area keys, so no area can take them. */
export const RESERVED_ROUTE_SEGMENTS = [
  'api',
  'oidc',
  'login',
  'Login',
  'Forms',
  'MyRequests',
  'Tickets',
  'Assignments',
  'Changes',
  'RoleGroups',
  'test',
  'ReportTracker',
  'FormAreas',
  'Approvals',
  'Notifications',
  'Settings',
  'Mail',
  'assets',
  'content',
] as const;

/** UI option naming an API-backed list of options for a field (`"ui:options": { "optionsFrom": "properties" }`). */
export const OPTIONS_FROM_KEY = 'optionsFrom';

/** Sources that `optionsFrom` may name. */
export const OPTION_SOURCES = ['properties'] as const;
export type OptionSource = (typeof OPTION_SOURCES)[number];

/** `GET /api/areas/:key/schema?version=N`: one version of an area's form; `current` when it is today's. */
export type FormSchemaVersion = {
  key: string;
  version: number;
  current: boolean;
  schema: JsonObject;
  uiSchema: JsonObject;
  /** The precompiled validator module of `schema`, as `AreaDefinition.validator`. */
  validator: string;
  rules?: AreaRule[];
  /** When this version was first seen (ISO 8601 UTC). */
  createdAt: string;
};
