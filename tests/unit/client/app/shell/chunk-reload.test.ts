import { describe, expect, it } from 'vitest';
import {
  CHUNK_RELOAD_KEY,
  CHUNK_RELOAD_WINDOW_MS,
  isChunkLoadError,
  mayReloadForChunk,
} from '../../../../../src/client/app/shell/chunk-reload';
import { describeRouteError } from '../../../../../src/client/app/error-page';
import { UnknownMiddlewareError } from '../../../../../src/client/app/route-access';

describe('chunk-failure reload rule (at most once per 60 s)', () => {
  const now = 1_800_000_000_000;

  it('reloads when no reload was recorded or the stored time is unreadable', () => {
    expect(mayReloadForChunk(null, now)).toBe(true);
    expect(mayReloadForChunk('not a number', now)).toBe(true);
  });

  it('refuses a second reload inside the 60 s window and allows one after it', () => {
    expect(mayReloadForChunk(String(now - 1), now)).toBe(false);
    expect(mayReloadForChunk(String(now - CHUNK_RELOAD_WINDOW_MS + 1), now)).toBe(false);
    expect(mayReloadForChunk(String(now - CHUNK_RELOAD_WINDOW_MS), now)).toBe(true);
  });

  it('allows a reload when the stored time lies in the future (clock changed)', () => {
    expect(mayReloadForChunk(String(now + 10_000), now)).toBe(true);
  });

  it('keeps its timestamp under a non-auth key', () => {
    expect(CHUNK_RELOAD_KEY.startsWith('auth.')).toBe(false);
  });
});

describe('isChunkLoadError', () => {
  it("recognises the browsers' failed dynamic import messages", () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: http://x/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
  });

  it('does not treat an error thrown by the page module itself as a chunk failure', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});

describe('describeRouteError: status and title of the error page', () => {
  it("gives 500 'Unknown middleware {name}' for a route naming unregistered middleware", () => {
    expect(describeRouteError(new UnknownMiddlewareError('admin-only'))).toEqual({
      status: 500,
      title: 'Error',
      detail: 'Unknown middleware admin-only',
    });
  });

  it("defaults to status 500 and title 'Error', and keeps a failure's own status and title", () => {
    expect(describeRouteError('boom')).toEqual({ status: 500, title: 'Error', detail: null });
    const own = Object.assign(new Error('Try later'), { status: 503, title: 'Service unavailable' });
    expect(describeRouteError(own)).toEqual({ status: 503, title: 'Service unavailable', detail: 'Try later' });
  });
});
