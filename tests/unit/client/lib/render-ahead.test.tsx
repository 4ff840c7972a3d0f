/**
 * Data loaded ahead (lib/load-ahead.ts) and the renders that read it: React may render a component
 * that mounts and throw that render away before it commits (an interrupted transition), then
 * render it again from its initial state. Each `renderToString` below is such a render: it runs
 * the state initialisers and never commits, so no effect runs. The second must see what the first
 * saw; a render that took the load for itself left the kept render with "Loading…" and a second
 * request.
 */
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Profile } from '../../../../src/shared/me';
import { loadAhead, takeLoadedAhead } from '../../../../src/client/lib/load-ahead';
import { useSession, type SessionState } from '../../../../src/client/lib/session/session-context';
import { SESSION_LOAD_KEY, SessionProvider } from '../../../../src/client/lib/session/session-provider';
import { useResource } from '../../../../src/client/lib/use-resource';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a render that is thrown away takes nothing loaded ahead', () => {
  it('useResource: every render before the commit shows the data, and none loads it again', async () => {
    loadAhead('ticket:render-1', () => Promise.resolve('the ticket'));
    await settle();
    let loads = 0;
    function Probe() {
      const resource = useResource('ticket:render-1', () => {
        loads += 1;
        return Promise.resolve('loaded again');
      });
      return <p>{resource.status === 'ready' ? resource.data : resource.status}</p>;
    }
    expect(renderToString(<Probe />)).toBe('<p>the ticket</p>');
    expect(renderToString(<Probe />)).toBe('<p>the ticket</p>');
    expect(loads).toBe(0);
    // left for the render that commits: its effect takes it
    await expect(takeLoadedAhead('ticket:render-1')).resolves.toBe('the ticket');
  });

  it('SessionProvider: every render before the commit is signed in with the session loaded ahead', async () => {
    const user: Profile = {
      id: 'u1',
      issuer: 'https://issuer.example',
      subject: 's1',
      name: 'Ada Employee',
      email: null,
      roleGroups: [],
      scope: [],
    };
    const session: SessionState = { status: 'signed-in', user, error: null, expired: false, expiredReason: null };
    loadAhead(SESSION_LOAD_KEY, () => Promise.resolve(session));
    await settle();
    function Probe() {
      const session = useSession();
      return <p>{`${session.status} ${session.user?.name ?? ''}`.trim()}</p>;
    }
    const page = () =>
      renderToString(
        <MemoryRouter>
          <SessionProvider>
            <Probe />
          </SessionProvider>
        </MemoryRouter>,
      );
    expect(page()).toBe('<p>signed-in Ada Employee</p>');
    expect(page()).toBe('<p>signed-in Ada Employee</p>');
    expect(takeLoadedAhead(SESSION_LOAD_KEY)).toBeDefined();
  });
});
