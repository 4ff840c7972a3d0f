/**
 * Form areas: the folders of the schemas directory (schema.json, ui.json, area.json, example.json)
 * discovered at start and judged one by one, their compiled validators, and the versions of their forms.
 */
export {
  AreaDiscoveryError,
  discoverAreaFolders,
  formatFinding,
  type AreaFolderResult,
  type LoadedArea,
} from './discovery';
export { AreaManifestSchema, AreaRuleSchema, findPropertyFields } from './manifest';
export { loadAreaRegistry, type Area, type AreaRegistry } from './registry';
export { findSchemaVersion, recordSchemaVersion } from './schema-versions';
