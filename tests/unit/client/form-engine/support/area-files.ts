import { getDefaultRegistry } from '@rjsf/core';
import type { RegistryWidgetsType } from '@rjsf/utils';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createWidgets } from '../../../../../src/client/form-engine/widgets';
import type { JsonObject } from '../../../../../src/shared/json';

const SCHEMAS = join(import.meta.dirname, '../../../../../schemas');

/** The folder names under `schemas/`, sorted. */
export const AREA_KEYS: readonly string[] = readdirSync(SCHEMAS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** `schemas/<area>/<file>` parsed, or `{}` when the area has no such file. */
export function readAreaFile(area: string, file: string): JsonObject {
  try {
    return JSON.parse(readFileSync(join(SCHEMAS, area, file), 'utf8')) as JsonObject;
  } catch {
    return {};
  }
}

// the rich-text widget reads stored HTML with the browser's DOMParser, which node lacks: a textarea stands in
const textarea = getDefaultRegistry().widgets.TextareaWidget;
if (!textarea) throw new Error('rjsf has no TextareaWidget');

/** The form engine's widgets with a textarea for rich text, for rendering on the server side of tests. */
export const NODE_WIDGETS: RegistryWidgetsType = { ...createWidgets(), richText: textarea };
