/**
 * The report tracker's configuration, `config/report-tracker.json`
 * (docs/behaviour.md "Report tracker due dates"): the report list (grid columns), due-day rules
 * (n-th business day of the month after the period), default owner per region, holidays (a dated
 * list, extended by hand once a year), the organisation's IANA time zone (default America/New_York)
 * and an optional `$comment`. Read and checked once; a wrong file throws with every problem listed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { Type, type Static } from 'typebox';
import { findPackageRoot } from '../../lib/package-root';

const ConfigSchema = Type.Object(
  {
    reports: Type.Array(
      Type.Object(
        { key: Type.String({ pattern: '^[a-z0-9-]+$' }), name: Type.String({ minLength: 1 }) },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 40 },
    ),
    dueRules: Type.Object(
      {
        accounting: Type.Object({ businessDay: Type.Integer({ minimum: 1, maximum: 20 }) }),
        delivery: Type.Object({ businessDay: Type.Integer({ minimum: 1, maximum: 20 }) }),
      },
      { additionalProperties: false },
    ),
    regionOwners: Type.Record(Type.String(), Type.String({ minLength: 1 })),
    holidays: Type.Array(Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' })),
    timeZone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    $comment: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

/** `config/report-tracker.json` as written, after the schema check. */
export type ReportTrackerFile = Static<typeof ConfigSchema>;

/** The organisation's time zone when the file names none. */
export const DEFAULT_TIME_ZONE = 'America/New_York';

/**
 * The checked configuration: `holidays` as a set for business-day look-ups, `holidaysThrough` the
 * last configured holiday (`YYYY-MM-DD`, '' when none), `timeZone` an IANA zone that decides
 * "today" (overdue, Late) and the current month.
 */
export type ReportTrackerConfig = Omit<ReportTrackerFile, 'holidays' | 'timeZone' | '$comment'> & {
  holidays: ReadonlySet<string>;
  holidaysThrough: string;
  timeZone: string;
};

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Default location: `<package root>/config/report-tracker.json`. */
export function reportTrackerConfigPath(): string {
  return join(findPackageRoot(), 'config', 'report-tracker.json');
}

/** Checks a parsed file; throws an Error listing every problem (duplicate report keys included). */
export function parseReportTrackerConfig(value: unknown, source = 'report-tracker.json'): ReportTrackerConfig {
  const ajv = new Ajv({ allErrors: true });
  const validate = ajv.compile<ReportTrackerFile>(ConfigSchema);
  if (!validate(value)) {
    const problems = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
    throw new Error(`${source} is invalid:\n- ${problems.join('\n- ')}`);
  }
  const keys = value.reports.map((r) => r.key);
  const duplicate = keys.find((key, index) => keys.indexOf(key) !== index);
  if (duplicate) throw new Error(`${source} is invalid:\n- report key "${duplicate}" appears twice`);
  const timeZone = value.timeZone ?? DEFAULT_TIME_ZONE;
  if (!isTimeZone(timeZone))
    throw new Error(`${source} is invalid:\n- /timeZone "${timeZone}" is not an IANA time zone`);
  return {
    reports: value.reports,
    dueRules: value.dueRules,
    regionOwners: value.regionOwners,
    timeZone,
    holidays: new Set(value.holidays),
    holidaysThrough: [...value.holidays].sort().at(-1) ?? '',
  };
}

/**
 * A warning when the holiday list does not cover the due dates of the months up to a year after
 * `today` (`YYYY-MM-DD`), i.e. ends before the end of next year's January; null when it does.
 * Holidays are a plain list (no rule engine is installed): someone extends it once a year.
 */
export function holidayCoverageWarning(config: ReportTrackerConfig, today: string): string | null {
  const needed = `${Number(today.slice(0, 4)) + 1}-01-31`;
  if (config.holidaysThrough >= needed) return null;
  return `config/report-tracker.json lists holidays through ${config.holidaysThrough || 'nothing'}; due dates after that skip weekends only. Add the holidays through ${needed}.`;
}

let cached: ReportTrackerConfig | undefined;

/** Reads and checks the default file once per process. */
export function reportTrackerConfig(): ReportTrackerConfig {
  if (!cached) {
    const path = reportTrackerConfigPath();
    cached = parseReportTrackerConfig(JSON.parse(readFileSync(path, 'utf8')) as unknown, path);
  }
  return cached;
}
