/**
 * The form areas as the server judged their folders of `schemas/` (docs/behaviour.md "Form
 * areas"): what `GET /api/form-areas` lists for administrators, what `GET /api/health` says about
 * broken folders, and how a form tells the server which schema version it was rendered with.
 */

/**
 * `loaded`: the folder is fine and its current version serves; `broken`: the folder has problems
 * (its last good version may still serve, see `servingLastGood`); `removed`: no folder any more,
 * but submissions of the area are stored (they stay readable through the tickets).
 */
export type FormAreaStatus = 'loaded' | 'broken' | 'removed';

/** How many stored submissions used one schema version of an area's form. */
export type SchemaVersionCount = { version: number; count: number };

/** One area as `GET /api/form-areas` shows it. */
export type FormAreaState = {
  key: string;
  /** The title of the version serving (or last served); null when none ever loaded in this process. */
  title: string | null;
  group: string | null;
  /** The area's folder relative to SCHEMAS_DIR; null for a removed area. */
  folder: string | null;
  status: FormAreaStatus;
  /** The schema version new submissions get; null when no version of the form serves. */
  version: number | null;
  /** True for a broken folder whose last good version keeps serving. */
  servingLastGood: boolean;
  /** What is wrong with the folder, each naming the file at fault (paths relative to SCHEMAS_DIR). */
  problems: string[];
  /** Stored submissions of the area, every version. */
  submissions: number;
  /** Stored submissions per schema version, oldest version first. */
  versionsUsed: SchemaVersionCount[];
};

/** `GET /api/form-areas`: every folder and every area with stored submissions, by key. */
export type FormAreaOverview = {
  /** When SCHEMAS_DIR was last judged (ISO 8601 UTC). */
  checkedAt: string;
  areas: FormAreaState[];
};

/** The `areas` part of `GET /api/health`: how many areas serve, and the broken folders by name. */
export type AreaHealth = {
  loaded: number;
  broken: { key: string; problems: string[]; servingLastGood: boolean }[];
};

/**
 * Request header naming the schema version a form was rendered with, e.g.
 * `Form-Schema-Version: 3`. When it differs from the area's current version the submission is
 * refused with 409 {@link SCHEMA_CHANGED_ERROR} and nothing is stored. Optional: API clients that
 * do not send it are validated against the current version.
 */
export const FORM_SCHEMA_VERSION_HEADER = 'Form-Schema-Version';

/** The `error` code of a 409 answer to a form rendered with an older (or other) schema version. */
export const SCHEMA_CHANGED_ERROR = 'schema_changed';
