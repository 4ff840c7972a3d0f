/**
 * Compile-time proof that the TypeBox schemas (what the server validates and serializes) and the
 * shared contract types (what the client imports) describe the same payloads. A mismatch is a
 * type error in `npm run typecheck`; nothing here runs.
 */
import type { Static } from 'typebox';
import type { ApiError, ValidationErrorBody } from '../../../shared/api-error';
import type { AreaDefinition, AreaSummary } from '../../../shared/area';
import type { AuthConfig, Profile, Property } from '../../../shared/me';
import type { Submission, SubmissionPage } from '../../../shared/submission';
import type * as S from './schemas';

/** Mutual assignability (intersections and flattened objects count as the same). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : { mismatch: [A, B] }) : { mismatch: [A, B] };

/** One `Same<schema, contract>` per payload; each element is `true` when they agree. */
export type ContractChecks = [
  Same<Static<typeof S.ApiErrorSchema>, ApiError>,
  Same<Static<typeof S.ValidationErrorSchema>, ValidationErrorBody>,
  Same<Static<typeof S.ProfileSchema>, Profile>,
  Same<Static<typeof S.AuthConfigSchema>, AuthConfig>,
  Same<Static<typeof S.PropertySchema>, Property>,
  Same<Static<typeof S.AreaSummarySchema>, AreaSummary>,
  Same<Static<typeof S.AreaDefinitionSchema>, AreaDefinition>,
  Same<Static<typeof S.SubmissionSchema>, Submission>,
  Same<Static<typeof S.SubmissionPageSchema>, SubmissionPage>,
];

/** Every element must be `true`; a `{ mismatch }` element fails this assignment. */
export const CONTRACTS_MATCH: ContractChecks extends true[] ? true : never = true;
