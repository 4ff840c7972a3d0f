import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { rejectNonJson } from '../../plugins/errors';
import { areaRoutes } from './areas';
import { authConfigRoutes } from './auth-config';
import { healthRoutes } from './health';
import { meRoutes } from './me';
import { meActivityRoutes } from './me-activity';
import { propertyRoutes } from './properties';
import { submissionRoutes } from './submissions/index';

/**
 * Every JSON API route, registered with prefix `/api`. Bodies must be `application/json` (415
 * otherwise; engineering notes "Server"); the Bearer check is the global auth hook.
 */
export const apiRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', rejectNonJson);
  await app.register(healthRoutes);
  await app.register(authConfigRoutes);
  await app.register(meRoutes);
  await app.register(propertyRoutes);
  await app.register(areaRoutes);
  await app.register(submissionRoutes);
  await app.register(meActivityRoutes);
};
