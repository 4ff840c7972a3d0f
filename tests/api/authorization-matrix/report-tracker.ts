/**
 * Report tracker routes (docs/behaviour.md "Scopes"): readers hold `reports:<kind>:read`, writers
 * `reports:<kind>:write` (and may read). Among the seeded roles only Accounting holds the four
 * report scopes, and admin everything; every other signed-in role gets 403.
 */
import { onlyRoles, type MatrixRow } from './types';

const REPORTS = ['accounting', 'admin'] as const;
const DELIVERED = { status: 'Delivered', deliveredOn: '2025-03-14', method: 'e-mail', recipient: 'Owner {unique}' };

export const rows: MatrixRow[] = [
  {
    method: 'GET',
    route: '/api/report-tracker/overview',
    url: '/api/report-tracker/overview?period={period}',
    expect: onlyRoles(200, REPORTS),
  },
  {
    method: 'GET',
    route: '/api/report-tracker/months',
    url: '/api/report-tracker/months',
    expect: onlyRoles(200, REPORTS),
  },
  {
    method: 'POST',
    route: '/api/report-tracker/months',
    url: '/api/report-tracker/months',
    body: { period: '{period}' },
    expect: onlyRoles(200, REPORTS),
  },
  {
    method: 'GET',
    route: '/api/report-tracker/accounting',
    url: '/api/report-tracker/accounting?period={period}',
    expect: onlyRoles(200, REPORTS),
  },
  {
    method: 'GET',
    route: '/api/report-tracker/accounting.csv',
    url: '/api/report-tracker/accounting.csv?period={period}',
    expect: onlyRoles(200, REPORTS),
  },
  {
    method: 'PATCH',
    route: '/api/report-tracker/accounting/cells/:id',
    url: '/api/report-tracker/accounting/cells/{cell}',
    body: { status: 'In progress', version: 1 },
    expect: onlyRoles(200, REPORTS),
  },
  {
    method: 'POST',
    route: '/api/report-tracker/accounting/bulk',
    url: '/api/report-tracker/accounting/bulk',
    body: { cells: [{ id: '{cell}', version: 1 }], status: 'In review' },
    expect: onlyRoles(200, REPORTS),
  },
  {
    method: 'GET',
    route: '/api/report-tracker/delivery',
    url: '/api/report-tracker/delivery?period={period}',
    expect: onlyRoles(200, REPORTS),
  },
  {
    method: 'PATCH',
    route: '/api/report-tracker/delivery/:id',
    url: '/api/report-tracker/delivery/{delivery}',
    body: { ...DELIVERED, overrideReason: 'Owner asked early', version: 1 },
    expect: onlyRoles(200, REPORTS),
  },
  {
    method: 'PATCH',
    route: '/api/report-tracker/delivery/:id',
    url: '/api/report-tracker/delivery/{delivery}',
    body: { ...DELIVERED, version: 1 },
    expect: onlyRoles(409, REPORTS),
  },
  {
    method: 'GET',
    route: '/api/report-tracker/owners',
    url: '/api/report-tracker/owners',
    expect: onlyRoles(200, REPORTS),
  },
];
