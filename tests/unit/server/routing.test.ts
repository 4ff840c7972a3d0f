import { describe, expect, it } from 'vitest';
import { ruleMatches, valueAtPointer, type RuleCondition } from '../../../src/server/domains/assignments/routing';

const rule = (overrides: Partial<RuleCondition> = {}): RuleCondition => ({
  area: 'IncidentReport',
  propertyCode: null,
  fieldPointer: null,
  fieldValue: null,
  ...overrides,
});
const target = {
  area: 'IncidentReport',
  propertyCode: 'P-1001',
  data: { incidentType: 'Fire', tags: ['Pool', 'Gate'], unit: { floor: 3 } },
};

describe('valueAtPointer', () => {
  it('reads nested objects and array items by JSON Pointer (RFC 6901), undefined when absent', () => {
    expect(valueAtPointer(target.data, '/incidentType')).toBe('Fire');
    expect(valueAtPointer(target.data, '/unit/floor')).toBe(3);
    expect(valueAtPointer(target.data, '/tags/1')).toBe('Gate');
    expect(valueAtPointer(target.data, '/tags/x')).toBeUndefined();
    expect(valueAtPointer(target.data, '/missing/deeper')).toBeUndefined();
    expect(valueAtPointer({ 'a/b': 1 }, '/a~1b')).toBe(1);
  });
});

describe('ruleMatches', () => {
  it('matches any submission of its area when it has no conditions, none of another area', () => {
    expect(ruleMatches(rule(), target)).toBe(true);
    expect(ruleMatches(rule({ area: 'AP' }), target)).toBe(false);
  });

  it('requires the same property code when the rule names one', () => {
    expect(ruleMatches(rule({ propertyCode: 'P-1001' }), target)).toBe(true);
    expect(ruleMatches(rule({ propertyCode: 'P-1002' }), target)).toBe(false);
    expect(ruleMatches(rule({ propertyCode: 'P-1001' }), { ...target, propertyCode: null })).toBe(false);
  });

  it('compares a string field trimmed and case-insensitively, numbers exactly, and any item of an array', () => {
    expect(ruleMatches(rule({ fieldPointer: '/incidentType', fieldValue: ' fire ' }), target)).toBe(true);
    expect(ruleMatches(rule({ fieldPointer: '/incidentType', fieldValue: 'Flood' }), target)).toBe(false);
    expect(ruleMatches(rule({ fieldPointer: '/unit/floor', fieldValue: 3 }), target)).toBe(true);
    expect(ruleMatches(rule({ fieldPointer: '/unit/floor', fieldValue: '3' }), target)).toBe(false);
    expect(ruleMatches(rule({ fieldPointer: '/tags', fieldValue: 'gate' }), target)).toBe(true);
    expect(ruleMatches(rule({ fieldPointer: '/nothing', fieldValue: 'x' }), target)).toBe(false);
  });
});
