import { describe, expect, it } from 'vitest';
import type { AreaSummary } from '../../../../../src/shared/area';
import { groupAreas, searchAreas } from '../../../../../src/client/features/areas/catalogue';

const area = (key: string, title: string, group: string, parent?: string): AreaSummary => ({
  key,
  title,
  group,
  description: '',
  ...(parent ? { parent } : {}),
});

describe('groupAreas (the /Forms catalogue)', () => {
  const areas = [
    area('Vendor', 'New vendor set-up', 'Accounting'),
    area('AP', 'Accounts payable invoice', 'Accounting'),
    area('IncidentFollowUp', 'Incident follow-up', 'Risk & compliance', 'IncidentForm'),
    area('IncidentForm', 'Incident form', 'Risk & compliance'),
    area('InsuranceClaim', 'Insurance claim', 'Risk & compliance', 'IncidentForm'),
    area('Yardi', 'Yardi support', 'IT'),
    area('Orphan', 'Orphan child', 'IT', 'Missing'),
    area('Misc', 'Miscellaneous', ' '),
  ];

  it('groups by department, sorted by name, with areas sorted by title', () => {
    const groups = groupAreas(areas);
    expect(groups.map((g) => g.group)).toEqual(['Accounting', 'IT', 'Other', 'Risk & compliance']);
    expect(groups[0]?.entries.map((e) => e.area.key)).toEqual(['AP', 'Vendor']);
  });

  it('lists nested areas under their parent, not on their own', () => {
    const risk = groupAreas(areas).find((g) => g.group === 'Risk & compliance');
    expect(risk?.entries.map((e) => e.area.key)).toEqual(['IncidentForm']);
    expect(risk?.entries[0]?.children.map((c) => c.key)).toEqual(['IncidentFollowUp', 'InsuranceClaim']);
  });

  it('keeps an area whose parent is unknown on its own', () => {
    const it = groupAreas(areas).find((g) => g.group === 'IT');
    expect(it?.entries.map((e) => e.area.key)).toEqual(['Orphan', 'Yardi']);
  });
});

describe('searchAreas: the /Forms search box', () => {
  const areas: AreaSummary[] = [
    { key: 'AP', title: 'Accounts payable invoice', group: 'Accounting', description: 'Pay a vendor invoice' },
    { key: 'Vendor', title: 'Vendor set-up', group: 'Accounting', description: 'Add a new vendor' },
    { key: 'IncidentForm', title: 'Incident form', group: 'Risk', description: 'Report an incident on a property' },
    {
      key: 'IncidentFollowUp',
      title: 'Incident follow-up',
      group: 'Risk',
      description: 'Café damages reviewed',
      parent: 'IncidentForm',
    },
    { key: 'Yardi', title: 'Yardi support', group: 'Technology', description: 'Help with Yardi' },
  ];
  const keys = (query: string) => searchAreas(areas, query).map((area) => area.key);

  it('finds by title, description and department, ignoring case', () => {
    expect(keys('invoice')).toEqual(['AP']);
    expect(keys('NEW VENDOR')).toEqual(['Vendor']);
    expect(keys('technology')).toEqual(['Yardi']);
  });

  it('needs every word to match somewhere', () => {
    expect(keys('vendor accounting')).toEqual(['AP', 'Vendor']);
    expect(keys('vendor risk')).toEqual([]);
  });

  it('ignores accents and keeps the parent of a matching nested area', () => {
    expect(keys('cafe')).toEqual(['IncidentForm', 'IncidentFollowUp']);
  });

  it('keeps the nested areas of a matching parent, and everything for an empty query', () => {
    expect(keys('report an incident')).toEqual(['IncidentForm', 'IncidentFollowUp']);
    expect(keys('   ')).toHaveLength(areas.length);
  });
});
