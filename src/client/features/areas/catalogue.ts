/** Grouping of the form catalogue (`/Forms`): departments, their areas, nested areas under their parent. */
import type { AreaSummary } from '../../../shared/area';

/** One card of the catalogue: an area and the nested areas that live under it. */
export type CatalogueEntry = { area: AreaSummary; children: AreaSummary[] };
/** One department with its cards. */
export type CatalogueGroup = { group: string; entries: CatalogueEntry[] };

const byTitle = (a: AreaSummary, b: AreaSummary) => a.title.localeCompare(b.title, 'en');

/**
 * Groups areas by `group` (department, sorted by name; empty groups read "Other"), each group's
 * areas sorted by title. Areas with a `parent` in the list are placed under that parent's card
 * (whatever their own group); a `parent` that is not in the list leaves the area on its own.
 */
export function groupAreas(areas: readonly AreaSummary[]): CatalogueGroup[] {
  const keys = new Set(areas.map((area) => area.key));
  const childrenOf = new Map<string, AreaSummary[]>();
  const groups = new Map<string, AreaSummary[]>();
  for (const area of areas) {
    if (area.parent && keys.has(area.parent) && area.parent !== area.key) {
      childrenOf.set(area.parent, [...(childrenOf.get(area.parent) ?? []), area]);
      continue;
    }
    const group = area.group.trim() || 'Other';
    groups.set(group, [...(groups.get(group) ?? []), area]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b, 'en'))
    .map(([group, members]) => ({
      group,
      entries: [...members].sort(byTitle).map((area) => ({ area, children: (childrenOf.get(area.key) ?? []).sort(byTitle) })),
    }));
}
