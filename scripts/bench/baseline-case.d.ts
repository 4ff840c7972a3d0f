/**
 * The module scripts/lib/lighthouse-baseline.ts makes while bundling baseline-form-page.tsx: AP's
 * title, JSON Schema, UI schema without the portal's own widgets, and the default
 * export of the schema's precompiled validator module (src/shared/precompiled-validators.ts).
 */
declare module 'bench:baseline-case' {
  export const TITLE: string;
  export const SCHEMA: unknown;
  export const UI_SCHEMA: unknown;
  export const validators: (require: (name: string) => unknown) => unknown;
}
