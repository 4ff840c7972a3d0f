import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { rejectNonJson } from '../../plugins/errors';
import { areaRoutes } from './areas';
import { assignmentRuleRoutes } from './assignment-rules/index';
import { submissionAssignmentRoutes } from './assignment-rules/submission-assignment';
import { attachmentRoutes } from './attachments/index';
import { authConfigRoutes } from './auth-config';
import { formAreaRoutes } from './form-areas';
import { healthRoutes } from './health';
import { meRoutes } from './me';
import { meActivityRoutes } from './me-activity';
import { propertyRoutes } from './properties';
import { reportTrackerRoutes } from './report-tracker/index';
import { roleGroupRoutes } from './role-groups/index';
import { schemaVersionRoutes } from './schema-versions';
import { submissionRoutes } from './submissions/index';
import { userRoutes } from './users';
import { validatorRoutes } from './validators';
import { directoryRoutes } from './directory';
import { ticketRoutes } from './tickets/index';

/**
 * Every JSON API route, registered with prefix `/api`. Bodies must be `application/json` (415
 * otherwise, except on routes whose config says `multipart`; plugins/errors.ts `rejectNonJson`);
 * the Bearer check is the global auth hook.
 */
export const apiRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', rejectNonJson);
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
  await app.register(attachmentRoutes);
  await app.register(schemaVersionRoutes);
  await app.register(validatorRoutes);
  await app.register(formAreaRoutes);
  await app.register(meActivityRoutes);
  await app.register(directoryRoutes);
};
