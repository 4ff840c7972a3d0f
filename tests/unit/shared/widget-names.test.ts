import { getDefaultRegistry } from '@rjsf/core';
import { getWidget, type RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import {
  FORM_FIELDS,
  isKnownWidget,
  PORTAL_WIDGETS,
  RJSF_BUILTIN_WIDGETS,
  RJSF_REGISTRY_WIDGETS,
  RJSF_WIDGET_ALIASES,
  widgetProblem,
} from '../../../src/shared/widget-names';

const TYPES = ['string', 'number', 'integer', 'boolean', 'array'] as const;
const { widgets, fields } = getDefaultRegistry();

function schemaOf(type: (typeof TYPES)[number]): RJSFSchema {
  return type === 'array' ? { type, items: { type: 'string' } } : { type };
}

/** True when rjsf itself resolves `name` for a field of `type`. */
function isResolvedByRjsf(name: string, type: (typeof TYPES)[number]): boolean {
  try {
    getWidget(schemaOf(type), name, widgets);
    return true;
  } catch {
    return false;
  }
}

describe('widget names a UI schema may use', () => {
  it("lists rjsf 6's registry widgets exactly", () => {
    expect([...RJSF_REGISTRY_WIDGETS].sort()).toEqual(Object.keys(widgets).sort());
  });

  it.each(TYPES)('lists exactly the short names rjsf resolves for a "%s" field', (type) => {
    const resolved = RJSF_BUILTIN_WIDGETS.filter((name) => isResolvedByRjsf(name, type));
    expect(resolved.sort()).toEqual([...(RJSF_WIDGET_ALIASES[type] ?? [])].sort());
    for (const name of RJSF_REGISTRY_WIDGETS) expect(isResolvedByRjsf(name, type)).toBe(true);
  });

  it('judges a name for a type as rjsf renders it', () => {
    expect(widgetProblem('RadioWidget', 'string')).toBeNull();
    expect(widgetProblem('RatingWidget', 'integer')).toBeNull();
    expect(widgetProblem('updown', 'integer')).toBeNull();
    expect(widgetProblem('updown', 'string')).toMatch(
      /^"updown" is not a widget for a "string" field: rjsf fails to render it/,
    );
    expect(widgetProblem('richtext', 'string')).toBe(
      '"richtext" is not a widget rjsf or the portal knows; did you mean "richText"?',
    );
    expect(widgetProblem('altdate', 'string')).toBe(
      '"altdate" is not a widget rjsf or the portal knows; did you mean "alt-date"?',
    );
    for (const name of PORTAL_WIDGETS) {
      expect(widgetProblem(name, 'string')).toBeNull();
      expect(isKnownWidget(name)).toBe(true);
      expect(
        TYPES.some((type) => isResolvedByRjsf(name, type)),
        `${name} is ours, not rjsf's`,
      ).toBe(false);
    }
  });

  it("lists every field of rjsf 6's registry among the names ui:field may give", () => {
    expect(Object.keys(fields).filter((name) => !(FORM_FIELDS as readonly string[]).includes(name))).toEqual([]);
  });
});
