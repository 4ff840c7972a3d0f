/**
 * The service-level configuration, `config/sla.json` (docs/behaviour.md "Service levels";
 * README.md "Service levels"): working hours, default targets per priority and per-area overrides,
 * in working hours (numbers, fractions allowed: 0.5 is 30 minutes). The organisation's time zone
 * and holidays are the report tracker's (`config/report-tracker.json`), not repeated here.
 *
 * ```json
 * { "businessHours": { "days": [1, 2, 3, 4, 5], "start": "09:00", "end": "17:00" },
 *   "defaults": { "Urgent": { "firstResponse": 1, "resolution": 8 }, "High": …, "Normal": …, "Low": … },
 *   "areas": { "TechnologyRequest": { "Urgent": { "firstResponse": 0.5 } }, "TicketFeedback": null } }
 * ```
 *
 * `defaults` names every priority. An area entry overrides some priorities and targets (the rest
 * come from `defaults`); `null` gives the area no service level. Read and checked once at start:
 * a wrong file throws with the file's path and every problem (JSON Pointer and message).
 */
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { Type, type Static } from 'typebox';
import { TICKET_PRIORITIES, type TicketPriority } from '../../../shared/submission';
import type { BusinessCalendar } from './business-time';

const Hours = Type.Number({ exclusiveMinimum: 0, maximum: 10_000 });
const Target = Type.Object({ firstResponse: Hours, resolution: Hours }, { additionalProperties: false });
const PartialTarget = Type.Object(
  { firstResponse: Type.Optional(Hours), resolution: Type.Optional(Hours) },
  { additionalProperties: false },
);
const priorities = <T extends ReturnType<typeof Type.Object>>(value: T, required: boolean) =>
  Type.Object(Object.fromEntries(TICKET_PRIORITIES.map((p) => [p, required ? value : Type.Optional(value)])), {
    additionalProperties: false,
  });
const Time = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$|^24:00$' });

const SlaFileSchema = Type.Object(
  {
    $comment: Type.Optional(Type.String()),
    businessHours: Type.Object(
      {
        days: Type.Array(Type.Integer({ minimum: 1, maximum: 7 }), { minItems: 1, maxItems: 7, uniqueItems: true }),
        start: Time,
        end: Time,
      },
      { additionalProperties: false },
    ),
    defaults: priorities(Target, true),
    areas: Type.Optional(
      Type.Record(
        Type.String({ pattern: '^[A-Za-z0-9_-]+$' }),
        Type.Union([priorities(PartialTarget, false), Type.Null()]),
      ),
    ),
  },
  { additionalProperties: false },
);

type SlaFile = Static<typeof SlaFileSchema>;

/** Targets of one priority, in ms of working time. */
export type SlaTargets = { firstResponseMs: number; resolutionMs: number };

/**
 * The checked policy: the working calendar (hours from this file, zone and holidays from the
 * report tracker's) and the targets per area and priority.
 */
export type SlaPolicy = {
  calendar: BusinessCalendar;
  /** Targets for a ticket of `area` with `priority`, or null when the area has no service level. */
  targetsFor(area: string, priority: string): SlaTargets | null;
  /** Area keys the file names that are not among `knownAreas` (for a start-up warning). */
  unknownAreas(knownAreas: readonly string[]): string[];
};

const HOUR_MS = 3_600_000;
const ajv = new Ajv({ allErrors: true, strict: false });
const check = ajv.compile<SlaFile>(SlaFileSchema);

function minutes(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/**
 * Checks a parsed `sla.json` (`source` names it in errors) and builds the policy with the
 * organisation's `timeZone` and `holidays`. Throws an Error listing every problem.
 */
export function parseSlaConfig(
  value: unknown,
  source: string,
  organisation: { timeZone: string; holidays: ReadonlySet<string> },
): SlaPolicy {
  if (!check(value)) {
    const problems = (check.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`);
    throw new Error(`${source} is invalid:\n- ${[...new Set(problems)].join('\n- ')}`);
  }
  const startMinute = minutes(value.businessHours.start);
  const endMinute = minutes(value.businessHours.end);
  if (endMinute <= startMinute) {
    throw new Error(`${source} is invalid:\n- /businessHours/end must be later than /businessHours/start`);
  }
  const areas = value.areas ?? {};
  const defaults = value.defaults as Record<TicketPriority, { firstResponse: number; resolution: number }>;
  return {
    calendar: {
      timeZone: organisation.timeZone,
      days: new Set(value.businessHours.days),
      startMinute,
      endMinute,
      holidays: organisation.holidays,
    },
    targetsFor(area, priority) {
      const base = defaults[priority as TicketPriority];
      const override = areas[area];
      if (!base || override === null) return null;
      const own = (
        override as Partial<Record<TicketPriority, { firstResponse?: number; resolution?: number }>> | undefined
      )?.[priority as TicketPriority];
      return {
        firstResponseMs: Math.round((own?.firstResponse ?? base.firstResponse) * HOUR_MS),
        resolutionMs: Math.round((own?.resolution ?? base.resolution) * HOUR_MS),
      };
    },
    unknownAreas: (knownAreas) => Object.keys(areas).filter((key) => !knownAreas.includes(key)),
  };
}

/** Reads and checks the file at `path` ({@link parseSlaConfig}); a missing or non-JSON file throws naming it. */
export function loadSlaConfig(
  path: string,
  organisation: { timeZone: string; holidays: ReadonlySet<string> },
): SlaPolicy {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8')) as unknown;
  } catch (error) {
    throw new Error(`${path} could not be read as JSON: ${(error as Error).message}`, { cause: error });
  }
  return parseSlaConfig(value, path, organisation);
}
