/**
 * Browser side of `npm run bench:lighthouse`'s stock form (bundled by scripts/lib/lighthouse-baseline.ts
 * with esbuild): the create page's floor on this stack. React 19 and stock @rjsf/core with its own
 * widgets draw AP's form (schema and UI schema bundled in, so no request waits for
 * them) under a heading, validated by the schema's precompiled validator module through rjsf's
 * `createPrecompiledValidator` (the lightest validator rjsf offers). No router, no session, no
 * styles, no data requests: whatever the portal's create page does on top of this costs more.
 */
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { createRoot } from 'react-dom/client';
import {
  createFormValidator,
  validatorFunctionsOf,
  type ValidatorModule,
} from '../../src/client/form-engine/validator';
import type { JsonObject } from '../../src/shared/json';
// a module made by scripts/lib/lighthouse-baseline.ts as it bundles this page (baseline-case.d.ts)
import { SCHEMA, TITLE, UI_SCHEMA, validators } from 'bench:baseline-case';

const validator = createFormValidator(
  validatorFunctionsOf({ default: validators } as ValidatorModule),
  SCHEMA as JsonObject,
);
const container = document.getElementById('root');
if (!container) throw new Error('the page has no #root');
createRoot(container).render(
  <main>
    <h1>{TITLE}</h1>
    <Form schema={SCHEMA as RJSFSchema} uiSchema={UI_SCHEMA as UiSchema} validator={validator} />
  </main>,
);
