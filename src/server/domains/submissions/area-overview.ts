/**
 * The administrators' view of the form areas (docs/behaviour.md "Form areas"): every folder of
 * the schemas folder as the area catalogue last judged it, with the stored submissions of each
 * area counted per schema version, plus the areas whose folder is gone but whose submissions are
 * stored.
 */
import { count } from 'drizzle-orm';
import type { FormAreaOverview, FormAreaState, SchemaVersionCount } from '../../../shared/form-areas';
import type { Database } from '../../db/client';
import { submissions } from '../../db/schema';
import type { AreaCatalogue } from '../areas';

/** Stored submissions per area and schema version, oldest version first. */
async function countsByVersion(db: Database): Promise<Map<string, SchemaVersionCount[]>> {
  const rows = await db
    .select({ area: submissions.area, version: submissions.schemaVersion, count: count() })
    .from(submissions)
    .groupBy(submissions.area, submissions.schemaVersion)
    .orderBy(submissions.area, submissions.schemaVersion);
  const byArea = new Map<string, SchemaVersionCount[]>();
  for (const row of rows) {
    const list = byArea.get(row.area) ?? [];
    list.push({ version: row.version, count: Number(row.count) });
    byArea.set(row.area, list);
  }
  return byArea;
}

const total = (versions: readonly SchemaVersionCount[]) => versions.reduce((sum, entry) => sum + entry.count, 0);

/**
 * `GET /api/form-areas`: one entry per folder (`loaded` or `broken`, with its problems and whether
 * its last good version keeps serving) and one per area that has stored submissions but no folder
 * (`removed`), sorted by key.
 */
export async function formAreaOverview(db: Database, catalogue: AreaCatalogue): Promise<FormAreaOverview> {
  const counts = await countsByVersion(db);
  const areas: FormAreaState[] = catalogue.folders.map(({ key, folder, problems, area }) => {
    const versionsUsed = counts.get(key) ?? [];
    return {
      key,
      title: area?.definition.title ?? null,
      group: area?.definition.group ?? null,
      folder,
      status: problems.length ? 'broken' : 'loaded',
      version: area?.definition.version ?? null,
      servingLastGood: problems.length > 0 && area !== null,
      problems,
      submissions: total(versionsUsed),
      versionsUsed,
    };
  });
  const inFolders = new Set(areas.map((area) => area.key));
  for (const [key, versionsUsed] of counts) {
    if (inFolders.has(key)) continue;
    const last = catalogue.retired.get(key);
    areas.push({
      key,
      title: last?.title ?? null,
      group: last?.group ?? null,
      folder: null,
      status: 'removed',
      version: null,
      servingLastGood: false,
      problems: [],
      submissions: total(versionsUsed),
      versionsUsed,
    });
  }
  return {
    checkedAt: catalogue.checkedAt.toISOString(),
    areas: areas.sort((a, b) => a.key.localeCompare(b.key, 'en')),
  };
}
