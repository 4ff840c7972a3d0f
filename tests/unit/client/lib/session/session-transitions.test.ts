import { describe, expect, it } from 'vitest';
import type { SessionState, SessionStatus } from '../../../../../src/client/lib/session/session-context';
import { destinationAfterSessionChange } from '../../../../../src/client/lib/session/session-transitions';

function state(status: SessionStatus, expired = false): SessionState {
  return { status, expired, expiredReason: expired ? 'why' : null, user: null, error: null };
}

describe('destinationAfterSessionChange (loggedIn true → home, false → /)', () => {
  it.each([
    ['signed-out', 'signed-in', null, '/'],
    ['signed-out', 'signed-in', '/Tickets', '/Tickets'],
    ['loading', 'signed-in', '/Tickets', '/Tickets'],
    ['signed-in', 'signed-in', '/Tickets', '/Tickets'],
    ['signed-in', 'signed-out', null, '/'],
    ['loading', 'signed-in', null, null],
    ['loading', 'signed-out', null, null],
    ['signed-in', 'signed-in', null, null],
    ['signed-out', 'signed-out', null, null],
    ['loading', 'error', null, null],
  ] as const)('%s → %s with remembered page %j goes to %j', (from, to, returnTo, expected) => {
    expect(destinationAfterSessionChange(state(from), state(to), returnTo)).toBe(expected);
  });

  it.each(['loading', 'signed-in', 'signed-out'] as const)('sends a session lost from %s to /login', (from) => {
    expect(destinationAfterSessionChange(state(from), state('signed-out', true), null)).toBe('/login');
  });

  it('does not move the user again while the lost session stays lost', () => {
    expect(destinationAfterSessionChange(state('signed-out', true), state('signed-out', true), null)).toBeNull();
  });
});
