import { describe, expect, it } from 'vitest';
import { withPortalSetFieldErrors } from '../../../src/server/domains/submissions/portal-set-fields';

describe('withPortalSetFieldErrors (fields the portal sets, not the form)', () => {
  const schema = { type: 'object', properties: { title: { type: 'string' }, status: { type: 'string' } } };

  it('names each portal-set field and replaces the schema message at that path', () => {
    const errors = withPortalSetFieldErrors(schema, { title: 'x', requester: 'me', number: 'AP-1' }, [
      { path: '/requester', message: 'must NOT have additional properties' },
      { path: '/title', message: 'too short' },
    ]);
    expect(errors.map((e) => e.path)).toEqual(['/number', '/requester', '/title']);
    expect(errors[1]?.message).toContain('set by the portal');
  });

  it("keeps a field the area's own schema declares (a compliance item's status) as form data", () => {
    expect(withPortalSetFieldErrors(schema, { status: 'Open' }, [])).toEqual([]);
  });
});
