import { getDefaultRegistry } from '@rjsf/core';
import { getWidget, type RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { isKnownWidget, PORTAL_WIDGETS, RJSF_BUILTIN_WIDGETS } from '../../../src/shared/widget-names';

const TYPES = ['string', 'number', 'integer', 'boolean', 'array'] as const;
const { widgets } = getDefaultRegistry();

/** True when rjsf itself resolves `name` for a field of at least one schema type. */
function isResolvedByRjsf(name: string): boolean {
  return TYPES.some((type) => {
    const schema: RJSFSchema = type === 'array' ? { type, items: { type: 'string' } } : { type };
    try {
      getWidget(schema, name, widgets);
      return true;
    } catch {
      return false;
    }
  });
}

describe('widget names a UI schema may use', () => {
  it.each(RJSF_BUILTIN_WIDGETS)('"%s" is a widget rjsf resolves on its own', (name) => {
    expect(isResolvedByRjsf(name)).toBe(true);
  });

  it('tells names rjsf does not know from ours and its own', () => {
    expect(isResolvedByRjsf('altdate')).toBe(false);
    expect(isKnownWidget('altdate')).toBe(false);
    expect(isKnownWidget('richtext')).toBe(false);
    expect(isKnownWidget('alt-date')).toBe(true);
    for (const name of PORTAL_WIDGETS) {
      expect(isKnownWidget(name)).toBe(true);
      expect(isResolvedByRjsf(name), `${name} is ours, not rjsf's`).toBe(false);
    }
  });
});
