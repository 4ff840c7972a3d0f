// eslint-plugin-import-x set-up shared by the client and server boundary blocks. Relative imports
// name no extension, so the resolver tries the TypeScript ones; import-x only follows (and parses,
// for no-cycle) files with the extensions and parser listed here. Without them an unresolved import
// passes silently.
import { createNodeResolver } from 'eslint-plugin-import-x';

export const IMPORT_X_SETTINGS = {
  'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
  'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
};
