/**
 * Form schema versions (docs/behaviour.md "Schema versions"): any signed-in user may read an area's
 * form at any version.
 */
import { signedIn, type MatrixRow } from './types';

export const rows: MatrixRow[] = [
  { method: 'GET', route: '/api/areas/:key/schema', url: '/api/areas/AP/schema', expect: signedIn(200) },
  { method: 'GET', route: '/api/areas/:key/schema', url: '/api/areas/AP/schema?version=99', expect: signedIn(404) },
];
