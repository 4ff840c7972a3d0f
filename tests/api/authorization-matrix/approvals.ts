/**
 * Approvals (docs/behaviour.md "Approvals"). The matrix's fixture AP area declares no approval
 * step, so a decision on a fresh ticket reaches the "waits on no decision" check (409) for whoever
 * may read it, and 404 for whoever may not; the decision rules themselves are in
 * tests/api/approvals.test.ts. The list of what waits on the caller is open to every signed-in user.
 */
import { signedIn, type MatrixRow } from './types';

export const rows: MatrixRow[] = [
  { method: 'GET', route: '/api/approvals', url: '/api/approvals', expect: signedIn(200) },
  {
    method: 'POST',
    route: '/api/tickets/:id/approval',
    url: '/api/tickets/{fresh}/approval',
    object: 'own',
    body: { decision: 'approve', version: 1 },
    expect: signedIn(409),
  },
  {
    method: 'POST',
    route: '/api/tickets/:id/approval',
    url: '/api/tickets/{fresh}/approval',
    object: 'other',
    body: { decision: 'reject', comment: 'No.', version: 1 },
    expect: { ...signedIn(404), accounting: 409, admin: 409 },
  },
];
