/**
 * Demo data for a fresh machine: the properties, the handlers' role groups
 * (docs/behaviour.md "Role groups") and the built-in provider's demo users
 * (docs/behaviour.md "Built-in identity provider").
 */
import { REPORT_SCOPES, TICKETS_WORK_SCOPE } from '../../shared/scopes';

/** A seeded property: code, name and region. */
export type SeedProperty = { code: string; name: string; region: string };

/** 24 properties, codes `P-1001` … `P-1024`, all active. */
export const SEED_PROPERTIES: readonly SeedProperty[] = [
  { code: 'P-1001', name: 'Maple Court Apartments', region: 'North' },
  { code: 'P-1002', name: 'Riverside Commons', region: 'East' },
  { code: 'P-1003', name: 'Oak Hollow Townhomes', region: 'South' },
  { code: 'P-1004', name: 'Cedar Ridge Residences', region: 'West' },
  { code: 'P-1005', name: 'Lakeview Terrace', region: 'Central' },
  { code: 'P-1006', name: 'Willow Creek Village', region: 'North' },
  { code: 'P-1007', name: 'Harbor Point Lofts', region: 'East' },
  { code: 'P-1008', name: 'Pinecrest Gardens', region: 'South' },
  { code: 'P-1009', name: 'Summit Park Apartments', region: 'West' },
  { code: 'P-1010', name: 'Birchwood Manor', region: 'Central' },
  { code: 'P-1011', name: 'Stonebridge Flats', region: 'North' },
  { code: 'P-1012', name: 'Meadowbrook Estates', region: 'East' },
  { code: 'P-1013', name: 'Granite Falls Residences', region: 'South' },
  { code: 'P-1014', name: 'Sycamore Square', region: 'West' },
  { code: 'P-1015', name: 'Elm Street Lofts', region: 'Central' },
  { code: 'P-1016', name: 'Aspen Heights', region: 'North' },
  { code: 'P-1017', name: 'Bayside Towers', region: 'East' },
  { code: 'P-1018', name: 'Magnolia Place', region: 'South' },
  { code: 'P-1019', name: 'Redwood Crossing', region: 'West' },
  { code: 'P-1020', name: 'Chestnut Hill Apartments', region: 'Central' },
  { code: 'P-1021', name: 'Silver Lake Commons', region: 'North' },
  { code: 'P-1022', name: 'Foxglove Gardens', region: 'East' },
  { code: 'P-1023', name: 'Hawthorne Park', region: 'South' },
  { code: 'P-1024', name: 'Juniper Point Residences', region: 'West' },
];

/**
 * The handlers' groups, one per department (the names `area.json` `handlers` refer to), with their
 * extra scopes; each also gets `tickets:work`.
 */
export const HANDLER_GROUPS: readonly { name: string; description: string; extraScopes: readonly string[] }[] = [
  {
    name: 'Accounting',
    description: 'Accounts payable, deposits, month-end and vendor set-up',
    extraScopes: REPORT_SCOPES,
  },
  { name: 'Risk & compliance', description: 'Incidents, claims, compliance items and 504 requests', extraScopes: [] },
  { name: 'Facilities', description: 'Corporate office maintenance', extraScopes: [] },
  { name: 'HR', description: 'Training, uniforms and employee injuries', extraScopes: [] },
  {
    name: 'Maintenance',
    description: 'Resident service, preventive maintenance, walkabouts, ice removal',
    extraScopes: [],
  },
  { name: 'Marketing', description: 'Flyers, social posts, signage, website and events', extraScopes: [] },
  { name: 'Resident relations', description: 'Resident accounts, leases and complaints', extraScopes: [] },
  { name: 'IT', description: 'Technology and Yardi requests', extraScopes: [] },
  { name: 'Portal', description: 'Feedback on the portal and on tickets', extraScopes: [] },
].map((group) => ({ ...group, extraScopes: [TICKETS_WORK_SCOPE, ...group.extraScopes] }));

/** A demo account of the built-in provider: username, display name and identity-provider groups. */
export type SeedAccount = { username: string; name: string; groups: readonly string[] };

/** Built-in provider demo accounts; password `demo`, e-mail `<username>@tm.example`. */
export const DEMO_ACCOUNTS: readonly SeedAccount[] = [
  { username: 'employee', name: 'Emma Employee', groups: [] },
  { username: 'accounting', name: 'Alex Accounting', groups: ['Accounting'] },
  { username: 'maintenance', name: 'Morgan Maintenance', groups: ['Maintenance', 'Facilities'] },
  { username: 'risk', name: 'Riley Risk', groups: ['Risk & compliance', 'HR'] },
  { username: 'it', name: 'Ira IT', groups: ['IT', 'Portal'] },
  { username: 'admin', name: 'Ada Admin', groups: ['Administrators'] },
];

/** The password of every demo account. */
export const DEMO_PASSWORD = 'demo';
