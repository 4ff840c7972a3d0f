/**
 * Submissions (docs/behaviour.md "Submissions", "Ticket visibility"): everyone signed in may submit
 * (Employees has `forms:submit`) and list (their own, or all with `forms:AP:read`); by id, another
 * user's submission is 404 unless the role reads the whole area (Accounting handles AP; admin).
 */
import { signedIn, type MatrixRow } from './types';

const AP_INVOICE = {
  vendorName: 'Matrix Vendor {unique}',
  invoiceNumber: 'INV-{unique}',
  invoiceDate: '2025-03-14',
  amount: 10,
  property: 'P-1001',
};

export const rows: MatrixRow[] = [
  { method: 'GET', route: '/api/areas/:key/submissions', url: '/api/areas/AP/submissions', expect: signedIn(200) },
  {
    method: 'POST',
    route: '/api/areas/:key/submissions',
    url: '/api/areas/AP/submissions',
    body: AP_INVOICE,
    expect: signedIn(201),
  },
  {
    method: 'POST',
    route: '/api/areas/:key/submissions',
    url: '/api/areas/AP/submissions',
    body: { ...AP_INVOICE, status: 'Closed' },
    expect: signedIn(422),
  },
  {
    method: 'GET',
    route: '/api/areas/:key/submissions/:id',
    url: '/api/areas/AP/submissions/{id}',
    object: 'own',
    expect: signedIn(200),
  },
  {
    method: 'GET',
    route: '/api/areas/:key/submissions/:id',
    url: '/api/areas/AP/submissions/{id}',
    object: 'other',
    expect: { ...signedIn(404), accounting: 200, admin: 200 },
  },
  {
    method: 'GET',
    route: '/api/areas/:key/submissions/:id',
    url: '/api/areas/AP/submissions/{id}',
    object: 'assigned',
    expect: signedIn(200),
  },
  // the PDF: the very rule of reading the submission
  {
    method: 'GET',
    route: '/api/areas/:key/submissions/:id/pdf',
    url: '/api/areas/AP/submissions/{id}/pdf',
    object: 'own',
    expect: signedIn(200),
  },
  {
    method: 'GET',
    route: '/api/areas/:key/submissions/:id/pdf',
    url: '/api/areas/AP/submissions/{id}/pdf',
    object: 'other',
    expect: { ...signedIn(404), accounting: 200, admin: 200 },
  },
  {
    method: 'GET',
    route: '/api/areas/:key/submissions/:id/pdf',
    url: '/api/areas/AP/submissions/{id}/pdf',
    object: 'assigned',
    expect: signedIn(200),
  },
];
