/** Grouping of the form catalogue (`/Forms`): departments, their areas, nested areas under their parent. */
import type { AreaSummary } from '../../../shared/area';
import { compareText } from '../../lib/compare-text';

/** One card of the catalogue: an area and the nested areas that live under it. */
export type CatalogueEntry = { area: AreaSummary; children: AreaSummary[] };
/** One department with its cards. */
export type CatalogueGroup = { group: string; entries: CatalogueEntry[] };

const byTitle = (a: AreaSummary, b: AreaSummary) => compareText(a.title, b.title);

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
    .sort(([a], [b]) => compareText(a, b))
    .map(([group, members]) => ({
      group,
      entries: [...members]
        .sort(byTitle)
        .map((area) => ({ area, children: (childrenOf.get(area.key) ?? []).sort(byTitle) })),
    }));
}

/** Lower case without accents, for matching what a person types ("Café" matches "cafe"). */
function folded(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/**
 * The areas that match `query` (the `/Forms` search box): every word of the query must appear in
 * the area's title, description or department (`group`), ignoring case and accents. A nested area
 * that matches keeps its parent in the answer (the catalogue lists it inside the parent's card);
 * a parent that matches keeps all its nested areas. An empty query matches everything.
 */
export function searchAreas(areas: readonly AreaSummary[], query: string): AreaSummary[] {
  const words = folded(query).split(/\s+/).filter(Boolean);
  if (!words.length) return [...areas];
  const matches = (area: AreaSummary) => {
    const text = folded(`${area.title} ${area.description} ${area.group}`);
    return words.every((word) => text.includes(word));
  };
  const keys = new Set(areas.filter(matches).map((area) => area.key));
  for (const area of areas) {
    if (area.parent && keys.has(area.key)) keys.add(area.parent);
  }
  for (const area of areas) {
    if (area.parent && keys.has(area.parent) && matches(areas.find((a) => a.key === area.parent)!)) keys.add(area.key);
  }
  return areas.filter((area) => keys.has(area.key));
}
