/**
 * Saved views of /Tickets (docs/behaviour.md "Saved views"), `signed-in`, each user's own:
 * - `GET /api/me/views` → `{ items: SavedView[] }`, the built-in views first, then the user's in
 *   the order they were saved;
 * - `POST /api/me/views` body NewSavedView → 201 SavedView; 422 per field (`/name`, `/query`);
 *   409 `duplicate_name` (case ignored) or `too_many_views` (50);
 * - `PATCH /api/me/views/:id` body `{ name }` → 200 SavedView; 404 (another user's, built-in); 409; 422;
 * - `DELETE /api/me/views/:id` → 204; 404 (another user's, built-in, unknown).
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { createView, deleteView, listViews, renameView } from '../../domains/saved-views';
import { requireUser } from './require-user';
import { ApiErrorSchema, AUTH_ERRORS, IdSchema, ValidationErrorSchema } from './schemas';

/** `SavedView`: a built-in or saved view of /Tickets. */
const SavedViewSchema = Type.Object({
  id: Type.String({ description: 'A uuid, or builtin-… for a built-in view' }),
  name: Type.String(),
  query: Type.String({ description: 'The /Tickets URL query without "?", keys in alphabetical order' }),
  builtIn: Type.Boolean(),
});

// Lengths past what any valid view needs are a 400; the domain's rules (1–60 characters once
// trimmed, known keys and values) answer 422 per field.
const NameSchema = Type.String({ maxLength: 200, description: '1–60 characters once trimmed, unique per user' });

const NewSavedViewSchema = Type.Object(
  {
    name: NameSchema,
    query: Type.String({
      maxLength: 2000,
      description: 'The /Tickets URL query: filter and sort keys only (cursor and limit are dropped)',
    }),
  },
  { additionalProperties: false },
);

const RenameSchema = Type.Object({ name: NameSchema }, { additionalProperties: false });
const Params = Type.Object({ id: IdSchema });

const ERRORS = {
  400: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
  422: ValidationErrorSchema,
  ...AUTH_ERRORS,
};
const tags = ['tickets'];

/** See the module comment. */
export const savedViewRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const signedIn = { permission: 'signed-in' as const };

  app.get(
    '/me/views',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'The built-in views, then the user’s saved views of /Tickets',
        response: { 200: Type.Object({ items: Type.Array(SavedViewSchema) }), ...AUTH_ERRORS },
      },
    },
    async (request) => ({ items: await listViews(app.db, requireUser(request), new Date(app.now())) }),
  );

  app.post(
    '/me/views',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Save a view of /Tickets',
        body: NewSavedViewSchema,
        response: { 201: SavedViewSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const view = await createView(app.db, requireUser(request), request.body);
      return reply.code(201).header('location', `/api/me/views/${view.id}`).send(view);
    },
  );

  app.patch(
    '/me/views/:id',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Rename a saved view',
        params: Params,
        body: RenameSchema,
        response: { 200: SavedViewSchema, ...ERRORS },
      },
    },
    (request) => renameView(app.db, requireUser(request), request.params.id, request.body.name),
  );

  app.delete(
    '/me/views/:id',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Delete a saved view',
        params: Params,
        response: { 204: Type.Null(), ...ERRORS },
      },
    },
    async (request, reply) => {
      await deleteView(app.db, requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  done();
};
