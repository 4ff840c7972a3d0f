/**
 * Gives every discovered area its schema version from `form_schema_versions` (recording new
 * versions of changed schemas; domains/areas/schema-versions.ts), so new submissions store the version
 * they were validated against. Needs `app.areas` and `app.db`.
 */
import { sharedPlugin } from '../lib/shared-plugin';
import { recordSchemaVersion } from '../domains/areas';

/** See the module comment. */
export const schemaVersionsPlugin = sharedPlugin(async (app) => {
  for (const area of app.areas.list) {
    area.definition.version = await recordSchemaVersion(app.db, area.definition);
  }
});
