/**
 * Vite plugins that keep code made from strings out of the web app, so it runs under a
 * `script-src 'self'` Content Security Policy without `unsafe-eval`:
 *
 * - `precompiledValidatorPlugin`: `import validators from './form.schema.json?validator'` gives the
 *   precompiled validator module of that JSON Schema, generated at build time exactly as the server
 *   generates an area's (src/server/domains/areas/validator-modules.ts), for forms whose schema is
 *   part of the web app (the widget test page);
 * - `lodashRootWithoutEvalPlugin`: lodash (which rjsf uses) finds the global object with
 *   `Function('return this')()` when neither `global` nor `self` exists, which never happens in a
 *   browser; that fallback becomes `globalThis`.
 *
 * tests/e2e/client-bundle.test.ts checks the built files.
 */
import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';
// the generator's own file, not the domain's index: the build loads no database code
import { generateValidatorModule } from '../../src/server/domains/areas/validator-generation';
import type { JsonObject } from '../../src/shared/json';

const QUERY = '?validator';

/** See the module comment. */
export function precompiledValidatorPlugin(): Plugin {
  return {
    name: 'tm-precompiled-validator',
    async load(id) {
      if (!id.endsWith(`.json${QUERY}`)) return null;
      const file = id.slice(0, -QUERY.length);
      this.addWatchFile(file);
      const schema = JSON.parse(await readFile(file, 'utf8')) as JsonObject;
      return generateValidatorModule(schema, (error) =>
        this.warn(`${file}: a subschema is not precompiled: ${error.message}`),
      );
    },
  };
}

const LODASH_ROOT = /[\\/]node_modules[\\/]lodash[\\/]_root\.js$/;
const GLOBAL_FROM_STRING = "Function('return this')()";

/** See the module comment. */
export function lodashRootWithoutEvalPlugin(): Plugin {
  return {
    name: 'tm-lodash-root-without-eval',
    transform(code, id) {
      if (!LODASH_ROOT.test(id)) return null;
      if (!code.includes(GLOBAL_FROM_STRING))
        this.error(`${id} no longer reads ${GLOBAL_FROM_STRING}: update this plugin`);
      return { code: code.replace(GLOBAL_FROM_STRING, 'globalThis'), map: null };
    },
  };
}
