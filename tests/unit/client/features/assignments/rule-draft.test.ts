import { describe, expect, it } from 'vitest';
import type { AssignmentRule } from '../../../../../src/shared/assignment';
import {
  conditionFields,
  errorsByInput,
  toDraft,
  toInput,
} from '../../../../../src/client/features/assignments/rule-draft';

const SCHEMA = {
  type: 'object',
  properties: {
    incidentType: { type: 'string', title: 'Incident type', enum: ['Fire', 'Flood'] },
    floor: { type: 'integer', title: 'Floor' },
    injured: { type: 'boolean' },
    people: { type: 'array', items: { type: 'string' } },
  },
};

describe('the rule form draft', () => {
  it('offers the scalar top-level fields with their options, in schema order', () => {
    expect(conditionFields(SCHEMA)).toEqual([
      { key: 'incidentType', title: 'Incident type', type: 'string', options: ['Fire', 'Flood'] },
      { key: 'floor', title: 'Floor', type: 'integer', options: null },
      { key: 'injured', title: 'injured', type: 'boolean', options: ['true', 'false'] },
    ]);
  });

  it('turns the inputs into the API body, typing the value by the field and "" into null', () => {
    const fields = conditionFields(SCHEMA);
    const draft = {
      ...toDraft(),
      name: 'Floor 3',
      area: 'IncidentForm',
      field: 'floor',
      value: '3',
      assigneeGroupId: 'g1',
    };
    expect(toInput(draft, fields)).toEqual({
      name: 'Floor 3',
      enabled: true,
      area: 'IncidentForm',
      property: null,
      field: { pointer: 'floor', value: 3 },
      assigneeUserId: null,
      assigneeGroupId: 'g1',
    });
    expect(toInput({ ...draft, field: 'injured', value: 'false' }, fields).field).toEqual({
      pointer: 'injured',
      value: false,
    });
    expect(toInput({ ...draft, field: '' }, fields).field).toBeNull();
  });

  it('fills the inputs from a stored rule and maps 422 paths to inputs', () => {
    const rule = {
      name: 'Fires',
      enabled: false,
      area: 'IncidentForm',
      property: 'P-1001',
      field: { pointer: '/incidentType', value: 'Fire' },
      assigneeUser: null,
      assigneeGroup: { id: 'g1', name: 'Maintenance' },
    } as AssignmentRule;
    expect(toDraft(rule)).toMatchObject({
      field: 'incidentType',
      value: 'Fire',
      property: 'P-1001',
      enabled: false,
      assigneeGroupId: 'g1',
    });
    expect(
      errorsByInput([
        { path: '/field/pointer', message: 'must name a field' },
        { path: '/name', message: 'is required' },
        { path: '/ids', message: 'odd' },
      ]),
    ).toEqual({ field: 'must name a field', name: 'is required', form: 'odd' });
  });
});
