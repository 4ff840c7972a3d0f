/**
 * What the ticket page of a record loads, started before the page's chunks are in: the route table
 * (app/router.tsx) runs {@link loadTicketDataAhead} as the route opens, so the ticket, its comments
 * and its history are on their way while the page's modules still download. The page's
 * `useResource` hooks take these loads by the same keys (lib/load-ahead.ts). This module is part
 * of the app's entry chunk: it holds nothing but the three requests.
 */
import { loadAhead } from '../../lib/load-ahead';
import { fetchChanges, fetchComments, fetchTicket } from './api';

/** The `useResource` keys of the ticket page's three loads of record `id`. */
export const ticketPageKeys = (id: string) =>
  ({ ticket: `ticket:${id}`, comments: `comments:${id}`, history: `history:${id}` }) as const;

/** The ticket's history as its page shows it: the latest 100 changes (`GET /api/changes?ticket=&limit=100`). */
export function fetchTicketHistory(id: string, signal?: AbortSignal) {
  return fetchChanges(new URLSearchParams({ ticket: id, limit: '100' }), signal);
}

/** Starts the ticket page's loads of record `id` (each at most once until the page takes it). */
export function loadTicketDataAhead(id: string): void {
  const keys = ticketPageKeys(id);
  loadAhead(keys.ticket, () => fetchTicket(id));
  loadAhead(keys.comments, () => fetchComments(id));
  loadAhead(keys.history, () => fetchTicketHistory(id));
}
