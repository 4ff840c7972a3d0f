import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAreaCatalogue, describeAreaHealth } from '../../../src/server/domains/areas/catalogue';
import { AreaDiscoveryError } from '../../../src/server/domains/areas/discovery';

let root: string;

async function writeArea(key: string, files: Record<string, unknown>): Promise<void> {
  await mkdir(join(root, key), { recursive: true });
  for (const [name, content] of Object.entries(files)) {
    await writeFile(join(root, key, name), typeof content === 'string' ? content : JSON.stringify(content));
  }
}

const schema = (title: string) => ({ type: 'object', title, properties: { name: { type: 'string' } } });

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'tm-catalogue-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('the area catalogue (docs/behaviour.md "Form areas")', () => {
  it('serves every good folder and names a broken one with paths relative to the schemas folder', async () => {
    await writeArea('Good', { 'schema.json': schema('Good form') });
    await writeArea('Bad', { 'schema.json': '{ nope' });
    const catalogue = createAreaCatalogue(root);
    const report = await catalogue.reload(null);
    expect(catalogue.list.map((area) => area.definition.key)).toEqual(['Good']);
    expect(catalogue.get('Bad')).toBeUndefined();
    expect(report.added.map((entry) => entry.key)).toEqual(['Good']);
    expect(report.newlyBroken.map((state) => state.key)).toEqual(['Bad']);
    const health = describeAreaHealth(catalogue);
    expect(health.loaded).toBe(1);
    expect(health.broken).toHaveLength(1);
    expect(health.broken[0]?.problems[0]).toMatch(/^Bad\/schema\.json: is not valid JSON/);
    expect(JSON.stringify(health)).not.toContain(root);
  });

  it('keeps an unchanged area (and its validator), and the last good version of a folder that breaks', async () => {
    await writeArea('One', { 'schema.json': schema('One') });
    await writeArea('Two', { 'schema.json': schema('Two') });
    const catalogue = createAreaCatalogue(root);
    await catalogue.reload(null);
    const one = catalogue.get('One');
    const two = catalogue.get('Two');

    await writeArea('Two', { 'schema.json': { type: 'object', properties: { name: { type: 'nope' } } } });
    const report = await catalogue.reload(null);
    expect(catalogue.get('One')).toBe(one);
    expect(catalogue.get('Two')).toBe(two);
    expect(report.newlyBroken.map((state) => state.key)).toEqual(['Two']);
    expect(report.newlyBroken[0]?.problems[0]).toMatch(/^Two\/schema\.json#\/properties\/name\/type: is not valid JSON Schema/);
    expect(describeAreaHealth(catalogue).broken).toEqual([
      { key: 'Two', problems: report.newlyBroken[0]?.problems, servingLastGood: true },
    ]);
    // reported once, not on every re-scan
    expect((await catalogue.reload(null)).newlyBroken).toEqual([]);

    await writeArea('Two', { 'schema.json': schema('Two'), 'area.json': { key: 'Two', title: 'Two, renamed' } });
    const fixed = await catalogue.reload(null);
    expect(fixed.fixed).toEqual(['Two']);
    expect(catalogue.get('Two')?.definition.title).toBe('Two, renamed');
    // only area.json changed, not the schema: the compiled validator is kept
    expect(catalogue.get('Two')?.validate).toBe(two?.validate);
  });

  it('swaps the snapshot at once: a list read before a reload stays as it was', async () => {
    await writeArea('One', { 'schema.json': schema('One') });
    const catalogue = createAreaCatalogue(root);
    await catalogue.reload(null);
    const before = catalogue.list;
    await rm(join(root, 'One'), { recursive: true });
    await writeArea('Three', { 'schema.json': schema('Three') });
    const report = await catalogue.reload(null);
    expect(before.map((area) => area.definition.key)).toEqual(['One']);
    expect(catalogue.list.map((area) => area.definition.key)).toEqual(['Three']);
    expect(report.removed).toEqual(['One']);
    expect(catalogue.retired.get('One')?.title).toBe('One');
  });

  it('runs reloads one at a time; calls made before one starts join it', async () => {
    await writeArea('One', { 'schema.json': schema('One') });
    const catalogue = createAreaCatalogue(root);
    const first = catalogue.reload(null);
    expect(catalogue.reload(null)).toBe(first);
    expect((await first).added).toHaveLength(1);
    const later = catalogue.reload(null);
    expect(later).not.toBe(first);
    expect((await later).added).toHaveLength(0);
  });

  it('throws AreaDiscoveryError for an unreadable schemas folder and keeps what it served', async () => {
    await writeArea('One', { 'schema.json': schema('One') });
    const catalogue = createAreaCatalogue(root);
    await catalogue.reload(null);
    await rm(root, { recursive: true });
    await expect(catalogue.reload(null)).rejects.toBeInstanceOf(AreaDiscoveryError);
    expect(catalogue.list.map((area) => area.definition.key)).toEqual(['One']);
  });
});
