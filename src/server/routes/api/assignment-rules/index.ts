/**
 * Assignment rules (docs/behaviour.md "Routing rules"), all needing `assignments:manage` (403
 * otherwise):
 * - `GET /api/assignment-rules` → AssignmentRule[] in order;
 * - `GET /api/assignment-rules/assignees` → users and role groups a rule may assign to;
 * - `GET /api/assignment-rules/:id` → AssignmentRule (404 unknown);
 * - `POST /api/assignment-rules` body AssignmentRuleInput → 201, appended last; 422 per field;
 * - `PUT /api/assignment-rules/:id` body AssignmentRuleInput + `version` → 200; 412 stale; 422;
 * - `PUT /api/assignment-rules/:id/enabled` body `{ enabled, version }` → 200; 412 stale;
 * - `PUT /api/assignment-rules/order` body `{ ids }` (every rule once, new order) → AssignmentRule[];
 * - `DELETE /api/assignment-rules/:id?version=` → 204; 412 stale;
 * - `GET /api/assignment-rules/:id/preview`, `POST /api/assignment-rules/preview` (unsaved rule)
 *   → AssignmentPreview: which of the area's 50 most recent submissions the rule matches.
 * Every write appends its history rows in the same transaction (domains/assignments/rules.ts).
 * Deleting a role group that a rule assigns to is refused (409 naming the rules): plugins/domains.ts
 * adds that check (`rulesAssigningTo`) to `app.groupReferences`.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ASSIGNMENTS_MANAGE_SCOPE } from '../../../../shared/scopes';
import { validationFailed } from '../../../lib/errors';
import { assigneeOptions } from '../../../domains/role-groups';
import { requireUser } from '../require-user';
import { ApiErrorSchema, AUTH_ERRORS, ValidationErrorSchema } from '../schemas';
import {
  AssigneeOptionsSchema,
  AssignmentPreviewSchema,
  AssignmentRuleInputSchema,
  AssignmentRuleSchema,
  AssignmentRuleUpdateSchema,
  EnabledBodySchema,
  OrderBodySchema,
  RuleParams,
  VersionQuery,
} from './schemas';
import {
  createRule,
  deleteRule,
  getRule,
  listRules,
  normalizeRule,
  previewRule,
  reorderRules,
  setRuleEnabled,
  updateRule,
  validateRule,
} from '../../../domains/assignments';

const MANAGE = { permission: { scope: ASSIGNMENTS_MANAGE_SCOPE } } as const;
const TAGS = ['assignment rules'];
const DENIED = { 403: ApiErrorSchema, ...AUTH_ERRORS };
const WRITE_ERRORS = {
  400: ApiErrorSchema,
  404: ApiErrorSchema,
  412: ApiErrorSchema,
  422: ValidationErrorSchema,
  ...DENIED,
};
const PREVIEW_FIELDS = /^\/(area|property|field)(\/|$)/;

/** See the module comment. */
export const assignmentRuleRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  // A rule body, normalised and checked for meaning (422 naming each faulty field).
  const checked = async (body: Parameters<typeof normalizeRule>[0], selfId?: string) => {
    const rule = normalizeRule(body);
    const errors = await validateRule(app.db, app.areas, rule, selfId);
    if (errors.length) throw validationFailed(errors, 'The rule has errors.');
    return rule;
  };

  app.get(
    '/assignment-rules',
    {
      config: MANAGE,
      schema: {
        tags: TAGS,
        summary: 'Assignment rules in order',
        response: { 200: Type.Array(AssignmentRuleSchema), ...DENIED },
      },
    },
    async () => listRules(app.db),
  );

  app.get(
    '/assignment-rules/assignees',
    {
      config: MANAGE,
      schema: {
        tags: TAGS,
        summary: 'Users and role groups a rule may assign to',
        response: { 200: AssigneeOptionsSchema, ...DENIED },
      },
    },
    async () => assigneeOptions(app.db),
  );

  app.get(
    '/assignment-rules/:id',
    {
      config: MANAGE,
      schema: {
        tags: TAGS,
        summary: 'One assignment rule',
        params: RuleParams,
        response: { 200: AssignmentRuleSchema, 404: ApiErrorSchema, ...DENIED },
      },
    },
    async (request) => getRule(app.db, request.params.id),
  );

  app.post(
    '/assignment-rules',
    {
      config: MANAGE,
      schema: {
        tags: TAGS,
        summary: 'Create a rule (last in order)',
        body: AssignmentRuleInputSchema,
        response: { 201: AssignmentRuleSchema, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const rule = await createRule({ db: app.db, events: app.events }, await checked(request.body), requireUser(request).id);
      return reply.code(201).header('location', `/api/assignment-rules/${rule.id}`).send(rule);
    },
  );

  app.put(
    '/assignment-rules/order',
    {
      config: MANAGE,
      schema: {
        tags: TAGS,
        summary: 'Reorder every rule in one request',
        body: OrderBodySchema,
        response: { 200: Type.Array(AssignmentRuleSchema), ...WRITE_ERRORS },
      },
    },
    async (request) => reorderRules({ db: app.db, events: app.events }, request.body.ids, requireUser(request).id),
  );

  app.put(
    '/assignment-rules/:id',
    {
      config: MANAGE,
      schema: {
        tags: TAGS,
        summary: 'Update a rule (optimistic: send the version read)',
        params: RuleParams,
        body: AssignmentRuleUpdateSchema,
        response: { 200: AssignmentRuleSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      const { id } = request.params;
      await getRule(app.db, id);
      const { version, ...input } = request.body;
      return updateRule({ db: app.db, events: app.events }, id, version, await checked(input, id), requireUser(request).id);
    },
  );

  app.put(
    '/assignment-rules/:id/enabled',
    {
      config: MANAGE,
      schema: {
        tags: TAGS,
        summary: 'Enable or disable a rule',
        params: RuleParams,
        body: EnabledBodySchema,
        response: { 200: AssignmentRuleSchema, ...WRITE_ERRORS },
      },
    },
    async (request) =>
      setRuleEnabled({ db: app.db, events: app.events }, request.params.id, request.body.version, request.body.enabled, requireUser(request).id),
  );

  app.delete(
    '/assignment-rules/:id',
    {
      config: MANAGE,
      schema: {
        tags: TAGS,
        summary: 'Delete a rule',
        params: RuleParams,
        querystring: VersionQuery,
        response: { 204: Type.Null(), ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      await deleteRule({ db: app.db, events: app.events }, request.params.id, request.query.version, requireUser(request).id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/assignment-rules/:id/preview',
    {
      config: MANAGE,
      schema: {
        tags: TAGS,
        summary: 'Recent submissions a stored rule would match',
        params: RuleParams,
        response: { 200: AssignmentPreviewSchema, 404: ApiErrorSchema, ...DENIED },
      },
    },
    async (request) => {
      const rule = await getRule(app.db, request.params.id);
      return previewRule(app.db, {
        area: rule.area,
        propertyCode: rule.property,
        fieldPointer: rule.field?.pointer ?? null,
        fieldValue: rule.field?.value ?? null,
      });
    },
  );

  app.post(
    '/assignment-rules/preview',
    {
      config: MANAGE,
      schema: {
        tags: TAGS,
        summary: 'Recent submissions an unsaved rule would match',
        body: AssignmentRuleInputSchema,
        response: { 200: AssignmentPreviewSchema, 400: ApiErrorSchema, 422: ValidationErrorSchema, ...DENIED },
      },
    },
    async (request) => {
      const rule = normalizeRule(request.body);
      const errors = (await validateRule(app.db, app.areas, rule)).filter((error) => PREVIEW_FIELDS.test(error.path));
      if (errors.length) throw validationFailed(errors, 'The rule has errors.');
      return previewRule(app.db, rule);
    },
  );
  done();
};
