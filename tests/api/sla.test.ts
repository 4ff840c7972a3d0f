/**
 * Service levels (docs/behaviour.md "Service levels"): due times in working hours of the
 * organisation's zone (America/New_York, holidays from config/report-tracker.json), pauses, first
 * response, the sla filter and sort of GET /api/tickets, the breach check, and the start-up check
 * of the targets file. The app's clock is injected: nothing waits on time.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSlaBreaches, type SlaBreaching } from '../../src/server/domains/sla';
import type { Ticket, TicketPage } from '../../src/shared/tickets';
import { createTestApp } from './helpers/app';
import { authHeader } from './helpers/sign-in';
import { createApTicket, getTicket, patchTicket } from './helpers/tickets';

const SLA_FILE = {
  businessHours: { days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' },
  defaults: {
    Urgent: { firstResponse: 1, resolution: 4 },
    High: { firstResponse: 2, resolution: 8 },
    Normal: { firstResponse: 4, resolution: 16 },
    Low: { firstResponse: 8, resolution: 40 },
  },
  areas: { AP: { Urgent: { firstResponse: 0.5 } } },
};

/** New York wall time in January (EST, UTC−5) as epoch ms. */
const est = (date: string, time: string) => Date.parse(`${date}T${time}:00-05:00`);
const iso = (ms: number) => new Date(ms).toISOString();

describe('service levels', () => {
  let app: FastifyInstance;
  let dir: string;
  let clock = est('2026-01-05', '09:00');

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tm-sla-'));
    await writeFile(join(dir, 'sla.json'), JSON.stringify(SLA_FILE));
    app = await createTestApp({
      env: { SLA_CONFIG_FILE: join(dir, 'sla.json'), SLA_CHECK_INTERVAL_SECONDS: '0' },
      now: () => clock,
    });
  });
  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function createAt(at: number, tag: string): Promise<string> {
    clock = at;
    return createApTicket(app, 'employee', tag);
  }
  const sla = async (id: string) => (await getTicket(app, 'admin', id)).ticket.sla;
  async function comment(id: string, username: string, isInternal: boolean) {
    const response = await app.inject({
      method: 'POST',
      url: `/api/tickets/${id}/comments`,
      payload: { body: 'Looking into it', isInternal },
      headers: await authHeader(app, username),
    });
    expect(response.statusCode, response.body).toBe(201);
  }

  it('lands a ticket created Friday 16:00 with a 4-hour target on Monday 12:00 in the organisation zone', async () => {
    const id = await createAt(est('2026-01-09', '16:00'), 'friday');
    const view = await sla(id);
    expect(view?.firstResponse.dueAt).toBe(iso(est('2026-01-12', '12:00')));
    // 16 h: 1 on Friday, 8 on Monday, 7 on Tuesday
    expect(view?.resolution.dueAt).toBe(iso(est('2026-01-13', '16:00')));
  });

  it('skips a configured holiday: Friday 16:00 before Martin Luther King Day lands on Tuesday 12:00', async () => {
    const id = await createAt(est('2026-01-16', '16:00'), 'holiday');
    expect((await sla(id))?.firstResponse.dueAt).toBe(iso(est('2026-01-20', '12:00')));
  });

  it('moves the due time by the working time spent Waiting on requester', async () => {
    const id = await createAt(est('2026-01-05', '09:00'), 'paused');
    expect((await sla(id))?.resolution.dueAt).toBe(iso(est('2026-01-06', '17:00')));
    clock = est('2026-01-05', '10:00');
    expect((await patchTicket(app, 'accounting', id, { status: 'In progress' })).statusCode).toBe(200);
    clock = est('2026-01-05', '11:00');
    expect((await patchTicket(app, 'accounting', id, { status: 'Waiting on requester' })).statusCode).toBe(200);
    const paused = await sla(id);
    expect(paused?.resolution).toMatchObject({ state: 'paused', remainingMs: est('2026-01-06', '17:00') - clock });
    // the requester replies three working hours later: the ticket goes back to In progress
    clock = est('2026-01-05', '14:00');
    await comment(id, 'employee', false);
    const resumed = await getTicket(app, 'admin', id);
    expect(resumed.ticket.status).toBe('In progress');
    expect(resumed.ticket.sla?.resolution.dueAt).toBe(iso(est('2026-01-07', '12:00')));
  });

  it("stops first response on a handler's public comment, not on an internal note", async () => {
    const id = await createAt(est('2026-01-05', '09:00'), 'response');
    clock = est('2026-01-05', '09:30');
    await comment(id, 'accounting', true);
    expect((await sla(id))?.firstResponse.metAt).toBeUndefined();
    clock = est('2026-01-05', '10:00');
    await comment(id, 'accounting', false);
    const view = await sla(id);
    expect(view?.firstResponse).toMatchObject({ state: 'met', metAt: iso(clock) });
    expect(view?.resolution.metAt).toBeUndefined();
  });

  it('restarts resolution with the full target when a resolved ticket is reopened, and recomputes on a priority change', async () => {
    const id = await createAt(est('2026-01-05', '09:00'), 'reopen');
    clock = est('2026-01-05', '10:00');
    expect((await patchTicket(app, 'accounting', id, { priority: 'Urgent' })).statusCode).toBe(200);
    // AP overrides Urgent's first response to 0.5 h; resolution comes from the defaults (4 h)
    expect((await sla(id))?.firstResponse.dueAt).toBe(iso(est('2026-01-05', '09:30')));
    expect((await sla(id))?.resolution.dueAt).toBe(iso(est('2026-01-05', '13:00')));
    await patchTicket(app, 'accounting', id, { status: 'In progress' });
    clock = est('2026-01-05', '11:00');
    await patchTicket(app, 'accounting', id, { status: 'Resolved' });
    expect((await sla(id))?.resolution).toMatchObject({ state: 'met', metAt: iso(clock) });
    clock = est('2026-01-05', '15:00');
    await patchTicket(app, 'employee', id, { status: 'In progress' });
    expect((await sla(id))?.resolution.dueAt).toBe(iso(est('2026-01-06', '11:00')));
  });

  describe('the sla filter, the slaDue sort and the breach check', () => {
    const ids: Record<string, string> = {};
    const now = est('2026-02-02', '15:00');

    beforeAll(async () => {
      // first-response targets of 4 h: created before opening, due 13:00 (breached at 15:00); due 15:30 (breaching); Tuesday 10:00
      ids.breached = await createAt(est('2026-02-02', '07:00'), 'sla-breached');
      ids.breaching = await createAt(est('2026-02-02', '11:30'), 'sla-breaching');
      ids.later = await createAt(est('2026-02-02', '14:00'), 'sla-later');
      clock = now;
    });

    async function list(query: string) {
      const response = await app.inject({ url: `/api/tickets?${query}`, headers: await authHeader(app, 'admin') });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<TicketPage>().items;
    }

    it('filters breached and breaching (due within the hour) tickets', async () => {
      const mine = (items: Ticket[] | TicketPage['items']) =>
        items.map((t) => t.id).filter((id) => Object.values(ids).includes(id));
      expect(mine(await list('sla=breached&limit=100'))).toEqual([ids.breached]);
      expect(mine(await list('sla=breaching&limit=100'))).toEqual([ids.breaching]);
      const [item] = (await list('sla=breached&limit=100')).filter((t) => t.id === ids.breached);
      expect(item?.sla?.firstResponse).toMatchObject({ state: 'breached', breachedByMs: 2 * 3_600_000 });
    });

    it('sorts by the soonest running due time both ways, across pages', async () => {
      const pages: string[] = [];
      let cursor = '';
      for (let page = 0; page < 50; page += 1) {
        const response = await app.inject({
          url: `/api/tickets?sort=slaDue&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
          headers: await authHeader(app, 'admin'),
        });
        const body = response.json<TicketPage>();
        pages.push(...body.items.map((t) => t.id));
        if (!body.nextCursor) break;
        cursor = body.nextCursor;
      }
      const order = [ids.breached, ids.breaching, ids.later].map((id) => pages.indexOf(id ?? ''));
      expect(order.every((index) => index >= 0)).toBe(true);
      expect(order).toEqual([...order].sort((a, b) => a - b));
      expect(new Set(pages).size).toBe(pages.length);
      const descending = (await list('sort=-slaDue&limit=100')).map((t) => t.id);
      const reversed = [ids.later, ids.breaching, ids.breached].map((id) => descending.indexOf(id ?? ''));
      expect(reversed).toEqual([...reversed].sort((a, b) => a - b));
    });

    it('announces slaBreaching once per ticket, target, state and due time', async () => {
      const heard: Omit<SlaBreaching, 'tx'>[] = [];
      const off = app.events.on('slaBreaching', ({ tx: _tx, ...event }) => {
        heard.push(event);
      });
      try {
        await checkSlaBreaches(app.db, app.events, new Date(now));
        const ofBreached = heard.filter((e) => e.ticket.id === ids.breached);
        expect(ofBreached).toContainEqual(
          expect.objectContaining({
            target: 'firstResponse',
            state: 'breached',
            dueAt: iso(est('2026-02-02', '13:00')),
          }),
        );
        expect(heard.filter((e) => e.ticket.id === ids.breaching)).toEqual([
          expect.objectContaining({
            target: 'firstResponse',
            state: 'breaching',
            dueAt: iso(est('2026-02-02', '15:30')),
          }),
        ]);
        expect(heard.some((e) => e.ticket.id === ids.later)).toBe(false);
        const count = heard.length;
        await checkSlaBreaches(app.db, app.events, new Date(now));
        expect(heard.length).toBe(count);
        await checkSlaBreaches(app.db, app.events, new Date(est('2026-02-02', '15:31')));
        expect(heard.slice(count).filter((e) => e.ticket.id === ids.breaching)).toEqual([
          expect.objectContaining({ target: 'firstResponse', state: 'breached' }),
        ]);
      } finally {
        off();
      }
    });
  });
});

describe('config/sla.json at start', () => {
  it('refuses a bad file, naming the file and the path of the problem', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tm-sla-bad-'));
    try {
      const file = join(dir, 'sla.json');
      const bad = { ...SLA_FILE, defaults: { ...SLA_FILE.defaults, Urgent: { firstResponse: -1, resolution: 4 } } };
      await writeFile(file, JSON.stringify(bad));
      await expect(createTestApp({ env: { SLA_CONFIG_FILE: file } })).rejects.toThrow(
        new RegExp(`${file.replace(/[/\\.]/g, '\\$&')} is invalid:[\\s\\S]*/defaults/Urgent/firstResponse`),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
