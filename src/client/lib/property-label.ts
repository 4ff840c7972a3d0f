/** How a property code is shown to people: `P-1001 — Maple Court Apartments`. */
import type { Property } from '../../shared/me';

/** Display label of a property: code, an em dash, and its name. */
export function formatPropertyLabel(property: Pick<Property, 'code' | 'name'>): string {
  return `${property.code} — ${property.name}`;
}

/** Map of property code → display label, for formatting lists and summaries. */
export function propertyLabelMap(properties: readonly Property[]): Map<string, string> {
  return new Map(properties.map((property) => [property.code, formatPropertyLabel(property)]));
}
