/**
 * lib/prepared-by-shape: one prepared query per shape of conditions, each run with its own
 * request's values; a value bound without a placeholder is part of the shape.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { submissions } from '../../../src/server/db/schema';
import { MAX_SHAPES, PlaceholderBindings, PreparedByShape, type PreparedQuery } from '../../../src/server/lib/prepared-by-shape';

type Run = Record<string, unknown>;

function harness() {
  const shapes = new PreparedByShape<Run>();
  const database = {};
  let builds = 0;
  const build = (): PreparedQuery<Run> => {
    builds += 1;
    return { execute: (values) => Promise.resolve({ ...values }) };
  };
  const run = (variant: string, conditions: (bind: PlaceholderBindings['bind']) => ReturnType<typeof and>) => {
    const bindings = new PlaceholderBindings();
    return shapes.run(database, variant, conditions(bindings.bind), bindings, build);
  };
  return { run, builds: () => builds };
}

describe('PreparedByShape', () => {
  it('builds a shape once and runs it with each request’s values', async () => {
    const { run, builds } = harness();
    const byArea = (area: string) => (bind: PlaceholderBindings['bind']) => and(eq(submissions.area, bind(area)));
    await expect(run('-updatedAt', byArea('AP'))).resolves.toEqual({ p0: 'AP' });
    await expect(run('-updatedAt', byArea('Vendor'))).resolves.toEqual({ p0: 'Vendor' });
    expect(builds()).toBe(1);
    await run('createdAt', byArea('AP'));
    expect(builds()).toBe(2);
  });

  it('tells shapes apart by their SQL and by values bound without a placeholder', async () => {
    const { run, builds } = harness();
    await run('', (bind) => and(eq(submissions.area, bind('AP')), eq(submissions.status, bind('New'))));
    await run('', (bind) => and(eq(submissions.area, bind('AP')), eq(submissions.priority, bind('High'))));
    expect(builds()).toBe(2);
    await run('', () => and(eq(submissions.area, 'AP')));
    await run('', () => and(eq(submissions.area, 'Vendor')));
    await run('', () => and(eq(submissions.area, 'AP')));
    expect(builds()).toBe(4);
    await run('', () => and(sql`true`));
    await run('', () => undefined);
    expect(builds()).toBe(6);
  });

  it(`keeps at most ${MAX_SHAPES} shapes, dropping the oldest`, async () => {
    const { run, builds } = harness();
    for (let i = 0; i <= MAX_SHAPES; i += 1) await run(String(i), () => undefined);
    expect(builds()).toBe(MAX_SHAPES + 1);
    await run(String(MAX_SHAPES), () => undefined);
    expect(builds()).toBe(MAX_SHAPES + 1);
    await run('0', () => undefined);
    expect(builds()).toBe(MAX_SHAPES + 2);
  });
});
