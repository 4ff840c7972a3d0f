/**
 * The scope vocabulary offered to administrators (docs/behaviour.md "Scopes"): the portal-wide
 * scopes, the report scopes, and for every discovered area `forms:<Area>:submit` and
 * `forms:<Area>:read`.
 * Areas come from `schemas/` (never a list here), so a new area folder brings its scopes along.
 */
import type { ScopeInfo } from './role-groups';
import {
  ADMIN_SCOPE,
  areaScope,
  ASSIGNMENTS_MANAGE_SCOPE,
  CHANGES_READ_SCOPE,
  FORMS_SUBMIT_SCOPE,
  ROLEGROUPS_MANAGE_SCOPE,
  TICKETS_WORK_SCOPE,
} from './scopes';

/** The area fields the vocabulary needs. */
export type VocabularyArea = { key: string; title: string };

const PORTAL_SCOPES: readonly ScopeInfo[] = [
  { scope: ADMIN_SCOPE, label: 'Everything (administrator)', category: 'Portal' },
  { scope: FORMS_SUBMIT_SCOPE, label: 'Submit every form', category: 'Portal' },
  { scope: TICKETS_WORK_SCOPE, label: 'Work tickets: status, assignment, internal comments', category: 'Portal' },
  { scope: ASSIGNMENTS_MANAGE_SCOPE, label: 'Manage assignments (routing rules)', category: 'Portal' },
  { scope: ROLEGROUPS_MANAGE_SCOPE, label: 'Manage role groups and see users’ access', category: 'Portal' },
  { scope: CHANGES_READ_SCOPE, label: 'Read the change history', category: 'Portal' },
  { scope: 'reports:accounting:read', label: 'Read the accounting report tracker', category: 'Report tracker' },
  { scope: 'reports:accounting:write', label: 'Update the accounting report tracker', category: 'Report tracker' },
  { scope: 'reports:delivery:read', label: 'Read the delivery report tracker', category: 'Report tracker' },
  { scope: 'reports:delivery:write', label: 'Update the delivery report tracker', category: 'Report tracker' },
];

/** Every scope, portal-wide first, then per area in the given order (category `Form: <title>`). */
export function scopeVocabulary(areas: readonly VocabularyArea[]): ScopeInfo[] {
  return [
    ...PORTAL_SCOPES,
    ...areas.flatMap((area) => [
      { scope: areaScope(area.key, 'submit'), label: `Submit ${area.title}`, category: `Form: ${area.title}` },
      {
        scope: areaScope(area.key, 'read'),
        label: `Read all ${area.title} submissions`,
        category: `Form: ${area.title}`,
      },
    ]),
  ];
}
