/**
 * The report tracker's configuration, `config/report-tracker.json` (issue 7): the report list
 * (grid columns), due-day rules (n-th business day of the month after the period), default owner
 * per region, and holidays. Read and checked once; a wrong file throws with every problem listed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { Type, type Static } from 'typebox';
import { findPackageRoot } from '../lib/package-root';

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
  },
  { additionalProperties: false },
);

export type ReportTrackerFile = Static<typeof ConfigSchema>;

/** The checked configuration; `holidays` as a set for business-day look-ups. */
export type ReportTrackerConfig = Omit<ReportTrackerFile, 'holidays'> & { holidays: ReadonlySet<string> };

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
  return { ...value, holidays: new Set(value.holidays) };
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
