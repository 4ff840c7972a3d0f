/**
 * `GET /api/tickets/counts` at volume (docs/behaviour.md "Ticket counts"): exact for up to EXACT_COUNT_LIMIT
 * visible tickets; beyond, each status is counted up to COUNT_CAP and reported as "at least"
 * (`capped`), under the visibility rule and the filters. The volume is made by copying one real
 * ticket in SQL (through the API it would take minutes).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_CAP, type TicketCounts } from '../../src/shared/tickets';
import { EXACT_COUNT_LIMIT } from '../../src/server/domains/tickets/list';
import { createTestApp } from './helpers/app';
import { authHeader } from './helpers/sign-in';
import { createApTicket, forceStatus } from './helpers/tickets';

/** More than EXACT_COUNT_LIMIT tickets of one user; every fourth on property P-1002 (over COUNT_CAP). */
const COPIES = EXACT_COUNT_LIMIT + 40;
const ON_P1002 = Math.floor(COPIES / 4);

describe('GET /api/tickets/counts', () => {
  let app: FastifyInstance;

  async function counts(username: string, query = ''): Promise<TicketCounts> {
    const response = await app.inject({
      url: `/api/tickets/counts?${query}`,
      headers: await authHeader(app, username),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TicketCounts>();
  }

  beforeAll(async () => {
    app = await createTestApp();
    const seedId = await createApTicket(app, 'employee', 'volume');
    // COPIES more tickets of the employee, all New, numbered after the first.
    await app.db.execute(sql`
      insert into submissions (area, sequence, number, data, schema_version, property_code, summary, requester_id, status, priority)
      select s.area, s.sequence + g.i, s.area || '-' || lpad((s.sequence + g.i)::text, 6, '0'), s.data, s.schema_version,
        case when g.i % 4 = 0 then 'P-1002' else s.property_code end, s.summary, s.requester_id, 'New', s.priority
      from submissions s cross join generate_series(1, ${COPIES}) as g(i) where s.id = ${seedId}`);
    await app.db.execute(sql`update area_counters set last_number = last_number + ${COPIES} where area = 'AP'`);
    await forceStatus(app, seedId, 'Resolved');
    await createApTicket(app, 'risk', 'someone-else');
  });
  afterAll(() => app.close());

  it('stops counting a status at COUNT_CAP and says so; smaller counts stay exact', async () => {
    const mine = await counts('employee');
    expect(mine.counts.New).toBe(COUNT_CAP);
    expect(mine.capped).toEqual(['New']);
    expect(mine.counts.Resolved).toBe(1);
    expect(mine.counts.Closed).toBe(0);
    expect(mine.total).toBe(COUNT_CAP + 1);
  });

  it('counts a set of up to EXACT_COUNT_LIMIT exactly, even past COUNT_CAP', async () => {
    const narrowed = await counts('employee', 'property=P-1002');
    expect(ON_P1002).toBeGreaterThan(COUNT_CAP);
    expect(narrowed).toMatchObject({ total: ON_P1002, capped: [] });
    expect(narrowed.counts.New).toBe(ON_P1002);
  });

  it('applies the visibility rule and the filters before the cap', async () => {
    const other = await counts('risk');
    expect(other.capped).toEqual([]);
    expect(other.total).toBe(other.counts.New + other.counts.Assigned);
    expect(other.total).toBe(1);
    const searched = await counts('employee', 'q=volume&priority=Urgent');
    expect(searched).toMatchObject({ total: 0, capped: [] });
    const admin = await counts('admin', 'area=AP');
    expect(admin.counts.New + admin.counts.Assigned).toBeGreaterThanOrEqual(COUNT_CAP);
    expect(admin.capped.length).toBeGreaterThan(0);
  });
});
