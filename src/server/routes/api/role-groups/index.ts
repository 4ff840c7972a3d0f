/**
 * Role groups (docs/behaviour.md "Role groups"), all behind `rolegroups:manage`:
 * - `GET /api/role-groups` → `{ items: RoleGroup[] }`; `GET /api/role-groups/:id` → RoleGroupDetail (404);
 * - `POST /api/role-groups` body RoleGroupInput → 201 RoleGroupDetail; 422 per field;
 * - `PUT /api/role-groups/:id` body RoleGroupInput + `version` → 200; 404; 409 stale version; 422;
 * - `DELETE /api/role-groups/:id` → 204; 404; 409 for Administrators or a group in use (named);
 * - `PUT /api/role-groups/:id/members/:userId` → 204 (idempotent); 404 unknown group or user;
 * - `DELETE /api/role-groups/:id/members/:userId` → 204; 404 not a member; 409 last administrator.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { scopeVocabulary } from '../../../../shared/scope-vocabulary';
import { ROLEGROUPS_MANAGE_SCOPE } from '../../../../shared/scopes';
import { notFound } from '../../../lib/errors';
import { requireUser } from '../require-user';
import { ApiErrorSchema, AUTH_ERRORS, JsonObjectSchema, ValidationErrorSchema } from '../schemas';
import { MemberParams, RoleGroupDetailSchema, RoleGroupListSchema, UuidParams } from './schemas';
import {
  addMember,
  createRoleGroup,
  deleteRoleGroup,
  getRoleGroup,
  listRoleGroups,
  parseRoleGroupInput,
  removeMember,
  updateRoleGroup,
} from '../../../domains/role-groups';

const MANAGE = { permission: { scope: ROLEGROUPS_MANAGE_SCOPE } } as const;
const ERRORS = {
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
  422: ValidationErrorSchema,
  ...AUTH_ERRORS,
};

/** See the module comment. */
export const roleGroupRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const knownScopes = () => new Set(scopeVocabulary(app.areas.list.map((area) => area.definition)).map((s) => s.scope));
  const tags = ['role groups'];
  const changing = { db: app.db, events: app.events };

  app.get(
    '/role-groups',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Every role group',
        response: { 200: RoleGroupListSchema, 403: ApiErrorSchema, ...AUTH_ERRORS },
      },
    },
    async () => ({ items: await listRoleGroups(app.db) }),
  );

  app.get(
    '/role-groups/:id',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'One role group with its members',
        params: UuidParams,
        response: { 200: RoleGroupDetailSchema, ...ERRORS },
      },
    },
    async (request) => {
      const group = await getRoleGroup(app.db, request.params.id);
      if (!group) throw notFound(`There is no role group ${request.params.id}.`);
      return group;
    },
  );

  app.post(
    '/role-groups',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Create a role group',
        body: JsonObjectSchema,
        response: { 201: RoleGroupDetailSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const input = parseRoleGroupInput(request.body, knownScopes(), false);
      const group = await createRoleGroup(changing, requireUser(request).id, input);
      return reply.code(201).header('location', `/api/role-groups/${group.id}`).send(group);
    },
  );

  app.put(
    '/role-groups/:id',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Update a role group (send the version you read)',
        params: UuidParams,
        body: JsonObjectSchema,
        response: { 200: RoleGroupDetailSchema, ...ERRORS },
      },
    },
    async (request) => {
      const input = parseRoleGroupInput(request.body, knownScopes(), true);
      return updateRoleGroup(changing, requireUser(request).id, request.params.id, input);
    },
  );

  app.delete(
    '/role-groups/:id',
    {
      config: MANAGE,
      schema: { tags, summary: 'Delete a role group', params: UuidParams, response: { 204: Type.Null(), ...ERRORS } },
    },
    async (request, reply) => {
      await deleteRoleGroup(changing, app.groupReferences, requireUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/role-groups/:id/members/:userId',
    {
      config: MANAGE,
      schema: { tags, summary: 'Add a member', params: MemberParams, response: { 204: Type.Null(), ...ERRORS } },
    },
    async (request, reply) => {
      await addMember(changing, requireUser(request).id, request.params.id, request.params.userId);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/role-groups/:id/members/:userId',
    {
      config: MANAGE,
      schema: { tags, summary: 'Remove a member', params: MemberParams, response: { 204: Type.Null(), ...ERRORS } },
    },
    async (request, reply) => {
      await removeMember(changing, requireUser(request).id, request.params.id, request.params.userId);
      return reply.code(204).send(null);
    },
  );
  done();
};
