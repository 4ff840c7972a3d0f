/**
 * What the web app's build puts in place of `@juggle/resize-observer` (vite.config.ts
 * `resolve.alias`): slate-react imports that polyfill (about 3 KB gzip) only as a fallback for
 * `window.ResizeObserver`, which every browser the portal supports has.
 */
export const ResizeObserver = globalThis.ResizeObserver;
