/**
 * Vite build of the client (src/client → dist/client). Sign-in settings are not baked in: the
 * app reads them from `GET /api/auth/config` at run time. In development the API and the
 * built-in identity provider run on the Fastify server (port 3000) and are proxied.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { contentDbPlugin } from './scripts/lib/content-db';

const API_ORIGIN = process.env.VITE_DEV_API_ORIGIN ?? 'http://localhost:3000';

/** Modules of the form stack: rjsf and its validator with their dependencies, and our form engine. */
const FORM_ENGINE_MODULES = new RegExp(
  [
    String.raw`node_modules[\\/](@rjsf|@x0k|ajv|ajv-formats|fast-uri|fast-equals|fast-deep-equal|markdown-to-jsx|jsonpointer|json-schema-traverse|react-is)[\\/]`,
    String.raw`src[\\/]client[\\/]form-engine[\\/]`,
    String.raw`src[\\/]shared[\\/]form-validation`,
    String.raw`src[\\/]shared[\\/]area-rules`,
    String.raw`src[\\/]client[\\/]features[\\/]areas[\\/]use-area-form-schemas`,
  ].join('|'),
);

export default defineConfig({
  root: 'src/client',
  publicDir: '../../public',
  plugins: [react(), contentDbPlugin(new URL('./content', import.meta.url).pathname)],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // One named chunk for the form stack (rjsf, ajv and their helpers); only the create and
          // detail pages import it. Dependencies are not pulled in recursively so React stays in the entry.
          includeDependenciesRecursively: false,
          groups: [{ name: 'form-engine', test: FORM_ENGINE_MODULES }],
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
