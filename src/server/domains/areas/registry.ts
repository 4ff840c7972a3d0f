/**
 * The area registry: every form area discovered in the schemas folder with one compiled ajv
 * validator each. An area is data, never code: adding a folder adds an area.
 */
import type { AreaDefinition } from '../../../shared/area';
import type { JsonObject } from '../../../shared/json';
import { discoverAreas } from './discovery';
import type { FormValidator } from './validation';

/** One area ready to serve: its definition, its validator and its example data (if any). */
export type Area = { definition: AreaDefinition; validate: FormValidator; example: JsonObject | null };

/** The discovered areas, in title order. */
export type AreaRegistry = {
  list: readonly Area[];
  get(key: string): Area | undefined;
};

/** Loads and compiles every area; throws discovery's AreaDiscoveryError with every problem found. */
export async function loadAreaRegistry(schemasDir: string): Promise<AreaRegistry> {
  const loaded = await discoverAreas(schemasDir);
  const list: Area[] = loaded.map(({ definition, validate, example }) => ({ definition, validate, example }));
  const byKey = new Map(list.map((area) => [area.definition.key, area]));
  return { list, get: (key) => byKey.get(key) };
}
