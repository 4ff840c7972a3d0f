/**
 * What an area is to the rest of the server once loaded, and the registry shape `app.areas` offers
 * (the live catalogue of catalogue.ts implements it). An area is data, never code: adding a folder
 * adds an area.
 */
import type { AreaDefinition } from '../../../shared/area';
import type { JsonObject } from '../../../shared/json';
import type { FormValidator } from './validation';

/** One area ready to serve: its definition, its validator and its example data (if any). */
export type Area = { definition: AreaDefinition; validate: FormValidator; example: JsonObject | null };

/** The discovered areas, in title order. */
export type AreaRegistry = {
  list: readonly Area[];
  get(key: string): Area | undefined;
};
