/**
 * The module scripts/lib/lighthouse-baseline.ts makes while bundling the stock form pages: AP's
 * title, JSON Schema, UI schema without the portal's own widgets, and the default
 * export of the schema's precompiled validator module (src/shared/precompiled-validators.ts).
 */
declare module 'bench:baseline-case' {
  export const TITLE: string;
  export const SCHEMA: unknown;
  export const UI_SCHEMA: unknown;
  /** The seeded properties (src/server/seed/data.ts), for the select of the stock form with widgets. */
  export const PROPERTIES: readonly { code: string; name: string }[];
  export const validators: (require: (name: string) => unknown) => unknown;
}
