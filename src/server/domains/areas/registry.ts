/**
 * Discovers the form areas in SCHEMAS_DIR at start and compiles one ajv validator per area
 * (house style: "an area is data, never code"). Decorates `app.areas`. Refuses to start, naming
 * the file at fault, when a folder or schema is invalid.
 */
import type { AreaDefinition } from '../../../shared/area';
import type { JsonObject } from '../../../shared/json';
import { AreaDiscoveryError, discoverAreas } from './discovery';
import { compileFormValidator, type FormValidator } from './validation';
import { sharedPlugin } from '../../lib/shared-plugin';
import { join } from 'node:path';

/** One area ready to serve: its definition, its validator and its example data (if any). */
export type Area = { definition: AreaDefinition; validate: FormValidator; example: JsonObject | null };

/** The discovered areas, in title order. */
export type AreaRegistry = {
  list: readonly Area[];
  get(key: string): Area | undefined;
};

/** Loads and compiles every area; throws {@link AreaDiscoveryError} with every problem found. */
export async function loadAreaRegistry(schemasDir: string): Promise<AreaRegistry> {
  const loaded = await discoverAreas(schemasDir);
  const problems: string[] = [];
  const list: Area[] = [];
  for (const { definition, example, folder } of loaded) {
    try {
      list.push({ definition, validate: compileFormValidator(definition.schema), example });
    } catch (error) {
      problems.push(`${join(folder, 'schema.json')}: is not a valid JSON Schema (${(error as Error).message})`);
    }
  }
  if (problems.length) throw new AreaDiscoveryError(problems);
  const byKey = new Map(list.map((area) => [area.definition.key, area]));
  return { list, get: (key) => byKey.get(key) };
}

/** See the module comment. */
export const areasPlugin = sharedPlugin(async (app) => {
  const started = performance.now();
  app.decorate('areas', await loadAreaRegistry(app.config.schemasDir));
  app.log.info({ areas: app.areas.list.length, ms: Math.round(performance.now() - started) }, 'form areas loaded');
});
