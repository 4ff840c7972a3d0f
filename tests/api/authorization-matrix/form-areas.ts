/** The form-area overview (docs/behaviour.md "Form areas"): administrators only. */
import { onlyRoles, type MatrixRow } from './types';

export const rows: MatrixRow[] = [
  { method: 'GET', route: '/api/form-areas', url: '/api/form-areas', expect: onlyRoles(200, ['admin']) },
];
