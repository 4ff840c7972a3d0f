import fastifyCompress from '@fastify/compress';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { apiRateLimitPlugin } from '../../plugins/api-rate-limit';
import { rejectNonJson } from '../../plugins/errors';
import { refuseNonFiniteNumbers, refuseUnstorableInput } from '../../plugins/storable-input';
import { approvalRoutes } from './approvals/index';
import { areaRoutes } from './areas';
import { assignmentRuleRoutes } from './assignment-rules/index';
import { submissionAssignmentRoutes } from './assignment-rules/submission-assignment';
import { attachmentRoutes } from './attachments/index';
import { authConfigRoutes } from './auth-config';
import { formAreaRoutes } from './form-areas';
import { healthRoutes } from './health';
import { meRoutes } from './me';
import { meActivityRoutes } from './me-activity';
import { notificationRoutes } from './notifications';
import { propertyRoutes } from './properties';
import { reportTrackerRoutes } from './report-tracker/index';
import { roleGroupRoutes } from './role-groups/index';
import { savedViewRoutes } from './saved-views';
import { schemaVersionRoutes } from './schema-versions';
import { submissionRoutes } from './submissions/index';
import { userRoutes } from './users';
import { validatorRoutes } from './validators';
import { directoryRoutes } from './directory';
import { ticketRoutes } from './tickets/index';

/**
 * Every JSON API route, registered with prefix `/api`. Bodies must be `application/json` (415
 * otherwise, except on routes whose config says `multipart`; plugins/errors.ts `rejectNonJson`);
 * the Bearer check is the global auth hook; then the rate limit (plugins/api-rate-limit.ts). Input
 * the database would refuse (U+0000, unpaired surrogates, non-finite numbers) is refused before
 * validation (plugins/storable-input.ts).
 *
 * Answers of at least 1 KiB are compressed (`@fastify/compress`), brotli or gzip as the client's
 * `Accept-Encoding` prefers: a list shrinks to a third or less (`/api/areas`: 4.7 KB to 1.6 KB);
 * a smaller answer is not worth the work. Left alone, as the plugin does by default: partial content (206,
 * `Content-Range`), `text/event-stream`, an answer already encoded; and the attachment download,
 * which says `compress: false` (routes/api/attachments).
 */
export const apiRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
  app.addHook('onRequest', rejectNonJson);
  await app.register(apiRateLimitPlugin);
  app.addHook('preValidation', refuseUnstorableInput);
  app.addHook('preHandler', refuseNonFiniteNumbers);
  await app.register(healthRoutes);
  await app.register(authConfigRoutes);
  await app.register(meRoutes);
  await app.register(propertyRoutes);
  await app.register(areaRoutes);
  await app.register(submissionRoutes);
  await app.register(reportTrackerRoutes);
  await app.register(roleGroupRoutes);
  await app.register(userRoutes);
  await app.register(assignmentRuleRoutes);
  await app.register(submissionAssignmentRoutes);
  await app.register(ticketRoutes);
  await app.register(approvalRoutes);
  await app.register(attachmentRoutes);
  await app.register(schemaVersionRoutes);
  await app.register(validatorRoutes);
  await app.register(formAreaRoutes);
  await app.register(meActivityRoutes);
  await app.register(directoryRoutes);
  await app.register(notificationRoutes);
  await app.register(savedViewRoutes);
};
