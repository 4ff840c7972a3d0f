/**
 * The "Members" cell of /RoleGroups. `memberCount` counts only members added by hand:
 * members of the group's identity-provider groups (Entra ID group claims) belong on each request
 * from their token and are not known to the portal in advance, so the cell says so instead of
 * showing a number that looks complete. E.g. `everyone`, `3`, `0 + identity-provider group
 * "Administrators"`, `2 + identity-provider groups "A", "B" and 1 more`.
 */
import type { RoleGroup } from '../../../shared/role-groups';

/** How many identity-provider group ids are named before "and N more". */
const SHOWN_IDP_GROUPS = 2;

/** The text of the Members cell (see the module comment). */
export function memberSummary(group: Pick<RoleGroup, 'includesEveryone' | 'memberCount' | 'idpGroupIds'>): string {
  if (group.includesEveryone) return 'everyone';
  const ids = group.idpGroupIds;
  if (!ids.length) return String(group.memberCount);
  const shown = ids.slice(0, SHOWN_IDP_GROUPS).map((id) => `"${id}"`);
  const more = ids.length - shown.length;
  const names = more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
  return `${group.memberCount} + identity-provider group${ids.length === 1 ? '' : 's'} ${names}`;
}

/** Tooltip of the Members cell: what the number counts. */
export function memberSummaryTitle(group: Pick<RoleGroup, 'includesEveryone' | 'idpGroupIds'>): string | undefined {
  if (group.includesEveryone || !group.idpGroupIds.length) return undefined;
  return 'The number counts members added by hand; members of the identity-provider groups belong automatically when they sign in and are not counted.';
}
