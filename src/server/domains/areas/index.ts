/**
 * Form areas: the folders of the schemas directory (schema.json, ui.json, area.json, example.json)
 * judged one by one at start and at every reload, the live catalogue with their compiled
 * validators, the versions of their forms, and the precompiled validator modules the browser
 * checks forms with.
 */
export {
  AreaDiscoveryError,
  discoverAreaFolders,
  formatFinding,
  type AreaFolderResult,
  type LoadedArea,
} from './discovery';
export { AreaManifestSchema, AreaRuleSchema, findPropertyFields } from './manifest';
export {
  createAreaCatalogue,
  describeAreaHealth,
  type AreaCatalogue,
  type AreaFolderState,
  type AreaReloadReport,
} from './catalogue';
export type { Area, AreaRegistry } from './registry';
export { readFormSchemaVersion, recordSchemaVersion } from './schema-versions';
export { validatorModulePath } from './validator-code';
export { readValidatorModule } from './validator-modules';
