/**
 * Preloaded into the visual tests' portal (`node --import`, tests/visual/support/portal.ts): the
 * server's `Date` stands still at `VISUAL_NOW` (ISO 8601), through @sinonjs/fake-timers with only
 * `Date` faked — timers and `performance.now()` run as usual. Every time the server stamps
 * (created and updated times, history, service-level due times, signed tokens) is then the same
 * in every run, so the screenshots need no masks for them.
 */
import FakeTimers from '@sinonjs/fake-timers';

const now = Date.parse(process.env.VISUAL_NOW ?? '');
if (Number.isNaN(now)) throw new Error('VISUAL_NOW must be an ISO 8601 time');
FakeTimers.withGlobal(globalThis).install({ now, toFake: ['Date'], shouldAdvanceTime: false });
