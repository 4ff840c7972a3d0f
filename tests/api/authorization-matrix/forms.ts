/**
 * Form schema versions (docs/behaviour.md "Schema versions"): any signed-in user may read an area's
 * form at any version. Validator modules are public (the browser imports them without a token;
 * the name is the schema's hash), a name no schema has is a 404 for everyone.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validatorModulePath } from '../../../src/server/domains/areas/index';
import type { JsonObject } from '../../../src/shared/json';
import { FIXTURE_SCHEMAS_DIR } from '../helpers/app';
import { everyone, signedIn, type MatrixRow } from './types';

const AP_SCHEMA = JSON.parse(readFileSync(join(FIXTURE_SCHEMAS_DIR, 'AP', 'schema.json'), 'utf8')) as JsonObject;

export const rows: MatrixRow[] = [
  { method: 'GET', route: '/api/areas/:key/schema', url: '/api/areas/AP/schema', expect: signedIn(200) },
  { method: 'GET', route: '/api/areas/:key/schema', url: '/api/areas/AP/schema?version=99', expect: signedIn(404) },
  {
    method: 'GET',
    route: '/api/areas/:key/validators/:file',
    url: `/api/${validatorModulePath('AP', AP_SCHEMA)}`,
    expect: everyone(200),
  },
  {
    method: 'GET',
    route: '/api/areas/:key/validators/:file',
    url: `/api/areas/AP/validators/${'0'.repeat(64)}.js`,
    expect: everyone(404),
  },
];
