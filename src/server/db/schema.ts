/**
 * Every table of the portal (PostgreSQL dialect; the same migrations run on PGlite and
 * PostgreSQL), one file per table under `tables/`. This module only re-exports them: drizzle-kit
 * reads it to generate migrations and the database client passes it to drizzle. Table files
 * import only other table files, never this one, so the tables have no import cycle.
 */
export * from './tables/approval-steps';
export * from './tables/area-counters';
export * from './tables/assignment-rules';
export * from './tables/attachment-chunks';
export * from './tables/attachments';
export * from './tables/changes';
export * from './tables/form-schema-versions';
export * from './tables/idp-accounts';
export * from './tables/notifications';
export * from './tables/oidc-payloads';
export * from './tables/properties';
export * from './tables/report-accounting-cells';
export * from './tables/report-deliveries';
export * from './tables/report-months';
export * from './tables/role-group-members';
export * from './tables/role-groups';
export * from './tables/saved-views';
export * from './tables/sign-in-failures';
export * from './tables/submissions';
export * from './tables/ticket-comments';
export * from './tables/ticket-feedback';
export * from './tables/user-token-groups';
export * from './tables/users';
