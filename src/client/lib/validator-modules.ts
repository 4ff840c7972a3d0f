/**
 * Loads the precompiled validator module of a form (src/shared/precompiled-validators.ts) with a
 * dynamic `import()` of the path the area API names (`AreaDefinition.validator`, relative to the
 * API root): a module script from this origin, which a strict `script-src 'self'` allows. Cached
 * for the page's lifetime (a module's name never changes meaning); the service worker keeps the
 * modules for offline use (vite.config.ts).
 */
import { API_PREFIX } from '../config/env';
import { cachedPromise } from './cache';

const modules = new Map<string, Promise<unknown>>();

/** The absolute URL of `path` below the API root. */
function apiUrl(path: string): string {
  return new URL(`${API_PREFIX.replace(/\/+$/, '')}/${path}`, window.location.href).href;
}

/** The module at `path` (below the API root), as `import()` gives it; a failed load is tried again next time. */
export function loadValidatorModule(path: string): Promise<unknown> {
  return cachedPromise(modules, path, () => import(/* @vite-ignore */ apiUrl(path)) as Promise<unknown>);
}
