/**
 * The live area catalogue (docs/behaviour.md "Form areas"): what `app.areas` is. Every folder of
 * the schemas folder is judged on its own ({@link discoverAreaFolders}), at start and at every
 * reload; a broken folder is left out while every other area serves, and an area that served
 * before keeps its last good version until its folder is fixed. Each reload builds a new snapshot
 * and swaps it in with one assignment, so a request sees either the old catalogue or the new one,
 * never a mix; `list` and `get` always read the current snapshot.
 */
import { sep } from 'node:path';
import type { AreaDefinition } from '../../../shared/area';
import type { AreaHealth } from '../../../shared/form-areas';
import type { JsonValue } from '../../../shared/json';
import type { Database } from '../../db/client';
import { discoverAreaFolders, type LoadedArea } from './discovery';
import type { Area, AreaRegistry } from './registry';
import { canonicalJson } from './canonical-json';
import { recordSchemaVersion } from './schema-versions';

/** One folder of the schemas folder as the last reload judged it. */
export type AreaFolderState = {
  key: string;
  /** The folder relative to the schemas folder (its name). */
  folder: string;
  /** Every problem found, paths relative to the schemas folder; empty when the folder loaded. */
  problems: string[];
  /** What serves under this key: the folder's current version, its last good one, or null. */
  area: Area | null;
};

/** What one reload changed, for the log. */
export type AreaReloadReport = {
  added: { key: string; version: number }[];
  changed: { key: string; version: number; schemaChanged: boolean }[];
  removed: string[];
  /** Folders whose problems are new or different since the last reload (a broken folder is reported once). */
  newlyBroken: AreaFolderState[];
  /** Folders that were broken and load again. */
  fixed: string[];
};

/** The catalogue `app.areas` is: the registry interface plus what the reload and the admin page need. */
export type AreaCatalogue = AreaRegistry & {
  /** The absolute schemas folder. */
  readonly schemasDir: string;
  /** Every folder of the schemas folder as last judged, by key. */
  readonly folders: readonly AreaFolderState[];
  /** When the schemas folder was last judged. */
  readonly checkedAt: Date;
  /** Definitions of areas whose folder was removed while this process ran (titles for the admin page). */
  readonly retired: ReadonlyMap<string, AreaDefinition>;
  /**
   * Judges every folder again and swaps in the new snapshot. With `db`, every new or changed area
   * gets its schema version recorded ({@link recordSchemaVersion}) before it serves; without (at
   * start, before the database is open) versions are recorded by the first reload with `db`.
   * Reloads run one at a time; a call while one is waiting joins it. Throws
   * `AreaDiscoveryError` when the schemas folder itself cannot be read (the snapshot stays).
   */
  reload(db: Database | null): Promise<AreaReloadReport>;
};

/** A serving area with what decides whether a reload may keep it. */
type Entry = { area: Area; fingerprint: string; schemaJson: string; versioned: boolean };

type Snapshot = {
  list: Area[];
  byKey: ReadonlyMap<string, Area>;
  entries: ReadonlyMap<string, Entry>;
  folders: AreaFolderState[];
  checkedAt: Date;
};

/** Everything a folder's files decide, except the schema version (recorded separately). */
function fingerprintOf(loaded: LoadedArea): string {
  // `definition.version` is area.json's floor here; the recorded number replaces it later.
  return canonicalJson({ definition: loaded.definition as unknown as JsonValue, example: loaded.example });
}

/** The problem with every absolute path of the schemas folder cut down to the part below it. */
function relativeTo(schemasDir: string, text: string): string {
  return text.split(`${schemasDir}${sep}`).join('');
}

const byTitle = (a: Area, b: Area) => a.definition.title.localeCompare(b.definition.title, 'en');

type Judged = { state: AreaFolderState; entry: Entry | null; kept: boolean };

async function judgeFolder(
  schemasDir: string,
  result: { key: string; area: LoadedArea | null; problems: string[] },
  previous: Entry | undefined,
  db: Database | null,
): Promise<Judged> {
  const problems = result.problems;
  let entry: Entry | null = null;
  let kept = false;
  if (result.area) {
    const fingerprint = fingerprintOf(result.area);
    if (previous && previous.fingerprint === fingerprint && (previous.versioned || !db)) {
      entry = previous;
      kept = true;
    } else {
      entry = await buildEntry(result.area, fingerprint, previous, db);
    }
  }
  const serving = entry ?? previous ?? null;
  const state: AreaFolderState = {
    key: result.key,
    folder: result.key,
    problems: problems.map((problem) => relativeTo(schemasDir, problem)),
    area: serving?.area ?? null,
  };
  return { state, entry: serving, kept };
}

async function buildEntry(
  loaded: LoadedArea,
  fingerprint: string,
  previous: Entry | undefined,
  db: Database | null,
): Promise<Entry> {
  const { definition, example } = loaded;
  const schemaJson = canonicalJson(definition.schema);
  // An unchanged schema keeps the validator it served with (discovery compiled it again to judge it).
  const validate = previous?.schemaJson === schemaJson ? previous.area.validate : loaded.validate;
  if (db) definition.version = await recordSchemaVersion(db, definition);
  return { area: { definition, validate, example }, fingerprint, schemaJson, versioned: db !== null };
}

function report(previous: Snapshot, next: Snapshot, judged: Judged[]): AreaReloadReport {
  const outcome: AreaReloadReport = { added: [], changed: [], removed: [], newlyBroken: [], fixed: [] };
  const before = new Map(previous.folders.map((state) => [state.key, state]));
  for (const { state, entry, kept } of judged) {
    const old = previous.entries.get(state.key);
    // At start, recording the versions of the areas loaded before the database opened is no change.
    const versionedOnly = old && !old.versioned && old.fingerprint === entry?.fingerprint;
    if (entry && !kept && entry !== old && !versionedOnly) {
      const version = entry.area.definition.version;
      if (!old) outcome.added.push({ key: state.key, version });
      else outcome.changed.push({ key: state.key, version, schemaChanged: old.area.definition.version !== version });
    }
    const wasProblems = before.get(state.key)?.problems ?? [];
    if (state.problems.length && state.problems.join('\n') !== wasProblems.join('\n')) outcome.newlyBroken.push(state);
    if (!state.problems.length && wasProblems.length) outcome.fixed.push(state.key);
  }
  for (const key of previous.entries.keys()) if (!next.entries.has(key)) outcome.removed.push(key);
  return outcome;
}

/** Creates an empty catalogue for `schemasDir`; call `reload` to fill it. */
export function createAreaCatalogue(schemasDir: string): AreaCatalogue {
  let snapshot: Snapshot = { list: [], byKey: new Map(), entries: new Map(), folders: [], checkedAt: new Date(0) };
  const retired = new Map<string, AreaDefinition>();
  let running: Promise<unknown> = Promise.resolve();
  let waiting: Promise<AreaReloadReport> | null = null;

  const judgeAll = async (db: Database | null): Promise<AreaReloadReport> => {
    const previous = snapshot;
    const results = await discoverAreaFolders(schemasDir);
    const judged: Judged[] = [];
    for (const result of results) {
      judged.push(await judgeFolder(schemasDir, result, previous.entries.get(result.key), db));
    }
    const entries = new Map(judged.flatMap(({ state, entry }) => (entry ? [[state.key, entry] as const] : [])));
    const list = [...entries.values()].map((entry) => entry.area).sort(byTitle);
    const next: Snapshot = {
      list,
      byKey: new Map(list.map((area) => [area.definition.key, area])),
      entries,
      folders: judged.map(({ state }) => state),
      checkedAt: new Date(),
    };
    for (const [key, entry] of previous.entries) if (!entries.has(key)) retired.set(key, entry.area.definition);
    for (const key of entries.keys()) retired.delete(key);
    snapshot = next;
    return report(previous, next, judged);
  };

  return {
    schemasDir,
    get list() {
      return snapshot.list;
    },
    get: (key) => snapshot.byKey.get(key),
    get folders() {
      return snapshot.folders;
    },
    get checkedAt() {
      return snapshot.checkedAt;
    },
    retired,
    reload(db) {
      if (waiting) return waiting;
      const next = running.then(() => {
        waiting = null;
        return judgeAll(db);
      });
      waiting = next;
      running = next.catch(() => undefined);
      return next;
    },
  };
}

/** The `areas` part of `GET /api/health`: the number of serving areas and every broken folder by name. */
export function describeAreaHealth(catalogue: AreaCatalogue): AreaHealth {
  return {
    loaded: catalogue.list.length,
    broken: catalogue.folders
      .filter((state) => state.problems.length)
      .map(({ key, problems, area }) => ({ key, problems, servingLastGood: area !== null })),
  };
}
