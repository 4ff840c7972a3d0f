/**
 * Form areas: the folders of the schemas directory (schema.json, ui.json, area.json, example.json)
 * discovered at start, their compiled validators, and the versions of their forms.
 */
export {
  AreaDiscoveryError,
  AreaRuleSchema,
  discoverAreaFolders,
  findPropertyFields,
  type AreaFolderResult,
} from './discovery';
export { loadAreaRegistry, type Area, type AreaRegistry } from './registry';
export { findSchemaVersion, recordSchemaVersion } from './schema-versions';
