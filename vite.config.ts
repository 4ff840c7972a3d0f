/**
 * Vite build of the client (src/client → dist/client). Sign-in settings are not baked in: the
 * app reads them from `GET /api/auth/config` at run time. In development the API and the
 * built-in identity provider run on the Fastify server (port 3000) and are proxied.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';
import { contentDbPlugin } from './scripts/lib/content-db';
import { lodashRootWithoutEvalPlugin, precompiledValidatorPlugin } from './scripts/lib/precompiled-validators';

const API_ORIGIN = process.env.VITE_DEV_API_ORIGIN ?? 'http://localhost:3000';

const clientFile = (path: string) => new URL(`./src/client/${path}`, import.meta.url).pathname;

/**
 * The form stack's libraries and the form engine, one chunk (`form-engine`) that only the pages
 * rendering a form load. Left out, each in a chunk of its own that a form loads only when its
 * schemas use it (src/client/form-engine/widgets/widget-modules.ts): the rich-text editor (slate),
 * the select (choices.js), the date/time pickers (flatpickr) and the help tooltip (tippy.js), with
 * our modules that import them; and the read-only form of the ticket page (`stored-data`, with the
 * read-only select and pickers), which the create pages do not need. Of src/shared only what imports the form stack, directly or
 * through another (form-validation imports ajv-formats, area-rules imports form-validation): a
 * chunk outside the group holding one would import this chunk while this one imports it, and of
 * two chunks that import each other one runs before the other is ready. Any other shared helper
 * stays out: one put here made every page that used it load the whole form stack.
 * The size check (scripts/check-size.ts) refuses chunks that import each other.
 */
const FORM_ENGINE_MODULES = new RegExp(
  [
    String.raw`node_modules[\\/](@rjsf|@x0k|ajv|ajv-formats|fast-uri|fast-equals|fast-deep-equal|jsonpointer|json-schema-traverse|react-is)[\\/]`,
    String.raw`src[\\/]shared[\\/](form-validation|area-rules|form-formats|precompiled-validators|form-steps)\.`,
    String.raw`src[\\/]client[\\/]form-engine[\\/](?!stored-data\.|widgets[\\/](select-widget|date-picker-widget|read-only-widgets)\.|widgets[\\/]rich-text[\\/](rich-text-editor|rich-text-toolbar|commands|timed-history|resize-observer|address-dialog|toolbar-icons)\.|templates[\\/]help-tooltip\.|steps[\\/])`,
  ].join('|'),
);

/**
 * Installable, offline-capable portal (docs/behaviour.md "Offline outbox", "Sign-out"): web app
 * manifest and icons, and a service worker at `/` (workbox generateSW) that precaches the app shell
 * and the content database. Runtime caches, all named `tm-…` so sign-out can clear them
 * (src/client/lib/portal-caches.ts):
 * - `tm-areas`: area definitions, the property list and the public sign-in settings (reference
 *   data, so a stored session can start offline), network first;
 * - `tm-personal`: the user's own lists (`/api/me`, `/api/me/activity`, area lists, the ticket
 *   list `/api/tickets` that also feeds the home page's assigned tickets), network
 *   first, cleared when the session ends (sign-out, expiry) — never a record's detail or anything else;
 * - `tm-validators`: the forms' precompiled validator modules (`/api/areas/{key}/validators/{hash}.js`,
 *   immutable: a name never changes meaning), cache first, so a form opens offline.
 * `registerType: 'prompt'`: a new deployment waits until the user presses "Reload".
 */
const PWA_OPTIONS: Partial<VitePWAOptions> = {
  registerType: 'prompt',
  injectRegister: false,
  manifest: {
    name: 'TM online portal',
    short_name: 'TM portal',
    description: 'Request forms and tickets of the TM organisation',
    lang: 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#1e3a8a',
    background_color: '#f5f7fb',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,json}'],
    globIgnores: ['**/*.map'],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api\//, /^\/oidc\//],
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        urlPattern: ({ url, request }) =>
          request.method === 'GET' &&
          (/^\/api\/(areas(\/[^/]+)?|properties|auth\/config)$/.test(url.pathname) ||
            url.pathname === '/oidc/.well-known/openid-configuration'),
        handler: 'NetworkFirst',
        options: { cacheName: 'tm-areas', networkTimeoutSeconds: 5 },
      },
      {
        urlPattern: ({ url, request }) =>
          request.method === 'GET' && /^\/api\/(me|me\/activity|areas\/[^/]+\/submissions|tickets)$/.test(url.pathname),
        handler: 'NetworkFirst',
        // no workbox expiration plugin: it keeps its bookkeeping in IndexedDB; the session's end clears this cache
        options: { cacheName: 'tm-personal', networkTimeoutSeconds: 5 },
      },
      {
        urlPattern: ({ url, request }) =>
          request.method === 'GET' && /^\/api\/areas\/[^/]+\/validators\/[0-9a-f]{64}\.js$/.test(url.pathname),
        handler: 'CacheFirst',
        options: { cacheName: 'tm-validators' },
      },
    ],
  },
};

export default defineConfig({
  root: 'src/client',
  publicDir: '../../public',
  resolve: {
    alias: [
      // rjsf's Markdown component (descriptions and help texts with ui:enableMarkdownIn…): a small
      // inline renderer instead of markdown-to-jsx, about 30 KB gzip (src/client/form-engine/markdown.tsx)
      { find: /^markdown-to-jsx\/react$/, replacement: clientFile('form-engine/markdown.tsx') },
      // slate-react's ResizeObserver polyfill: the browser's own (form-engine/widgets/rich-text/resize-observer.ts)
      { find: /^@juggle\/resize-observer$/, replacement: clientFile('form-engine/widgets/rich-text/resize-observer.ts') },
      // fast-uri (rjsf's $id resolution), 8 KB gzip: the browser's URL instead (form-engine/uri-resolver.ts)
      { find: /^fast-uri$/, replacement: clientFile('form-engine/uri-resolver.ts') },
    ],
  },
  plugins: [
    react(),
    contentDbPlugin(new URL('./content', import.meta.url).pathname),
    precompiledValidatorPlugin(),
    lodashRootWithoutEvalPlugin(),
    VitePWA(PWA_OPTIONS),
  ],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: true,
    // .vite/manifest.json: which chunks each page loads, read by the size check (scripts/check-size.ts)
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // One named chunk for the form stack (rjsf, ajv and the engine); only the pages with a form
          // import it. Dependencies are not pulled in recursively so React stays in the entry.
          includeDependenciesRecursively: false,
          groups: [
            { name: 'form-engine', test: FORM_ENGINE_MODULES },
            // loaded by the first toast (src/client/lib/toast.tsx); named so the size report says what it is
            { name: 'toastify', test: /node_modules[\\/](react-toastify|clsx)[\\/]/ },
            // Every module the entry imports statically, in one chunk with it: left alone, the bundler
            // puts the modules the entry shares with lazy chunks (React, react-router, ky, the route
            // paths, the session's storage…) in eight small chunks of their own, and each is one more
            // request before the first render (docs/performance.md, "One chunk before the first render").
            { name: 'shell', tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: false },
      '/oidc': { target: API_ORIGIN, changeOrigin: false },
    },
  },
});
