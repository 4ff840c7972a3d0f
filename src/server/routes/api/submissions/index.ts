/**
 * Submissions of a form area (docs/behaviour.md "Submissions", "List paging"):
 * - `POST /api/areas/:key/submissions[?parentId=]` body = the form data (any JSON value: a form whose
 *   root is not an object sends the value itself) → 201 Submission
 *   (200 + `Idempotency-Replayed: true` for a retried Idempotency-Key), 422 per-field errors,
 *   409 `schema_changed` when `Form-Schema-Version` names another than the current version;
 * - `GET /api/areas/:key/submissions?limit=&cursor=&sort=&q=&parentId=` → SubmissionPage;
 * - `GET /api/areas/:key/submissions/:id` → Submission, 404 when unknown, of another area or not visible;
 * - `GET /api/areas/:key/submissions/:id/pdf` → application/pdf, `<number>.pdf` as an attachment, the
 *   same 404s (docs/behaviour.md "PDF of a submission").
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { create as contentDisposition } from 'content-disposition';
import { Type } from 'typebox';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../../../shared/submission';
import { notFound } from '../../../lib/errors';
import type { Area } from '../../../domains/areas';
import { AreaParams } from '../areas';
import { requireUser } from '../require-user';
import {
  ApiErrorSchema,
  NullableResult,
  AUTH_ERRORS,
  IdSchema,
  JsonBodySchema,
  SubmissionPageSchema,
  SubmissionSchema,
  SubmissionSortSchema,
  ValidationErrorSchema,
} from '../schemas';
import { readApproval } from '../../../domains/approvals';
import { renderSubmissionPdf } from '../../../domains/submission-pdf';
import { TicketApprovalSchema } from '../approvals/schemas';
import { createSubmission, findVisibleSubmission, listSubmissions } from '../../../domains/submissions';

const CreateQuery = Type.Object({ parentId: Type.Optional(Type.String({ maxLength: 64 })) });
const CreateHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      pattern: '^[\\x21-\\x7E]+$',
      description: 'Retry-safe key: a retry with the same key returns the first submission',
    }),
  ),
  'form-schema-version': Type.Optional(
    Type.String({
      pattern: '^[1-9][0-9]{0,8}$',
      description:
        'The schema version the form was rendered with; another than the current one answers 409 schema_changed',
    }),
  ),
});
/** `Form-Schema-Version` as a number (its pattern is checked by the header schema). */
const schemaVersionHeader = (value: string | undefined): number | undefined =>
  value === undefined ? undefined : Number(value);

const ListQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE }),
  cursor: Type.Optional(Type.String({ maxLength: 512 })),
  sort: Type.Optional(SubmissionSortSchema),
  q: Type.Optional(Type.String({ maxLength: 200 })),
  parentId: Type.Optional(Type.String({ maxLength: 64 })),
});
const ItemParams = Type.Object({ key: Type.String({ maxLength: 64 }), id: IdSchema });

/** See the module comment. */
export const submissionRoutes: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const areaOf = (key: string): Area => {
    const area = app.areas.get(key);
    if (!area) throw notFound(`There is no form area "${key}".`);
    return area;
  };

  app.post(
    '/areas/:key/submissions',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['submissions'],
        summary: 'Submit a form',
        params: AreaParams,
        querystring: CreateQuery,
        headers: CreateHeaders,
        body: JsonBodySchema,
        response: {
          200: SubmissionSchema,
          201: SubmissionSchema,
          403: ApiErrorSchema,
          404: ApiErrorSchema,
          409: ApiErrorSchema,
          422: ValidationErrorSchema,
          ...AUTH_ERRORS,
        },
      },
    },
    async (request, reply) => {
      const area = areaOf(request.params.key);
      const { submission, replayed } = await createSubmission(
        { db: app.db, events: app.events },
        {
          area,
          user: requireUser(request),
          data: request.body,
          parentId: request.query.parentId,
          idempotencyKey: request.headers['idempotency-key'],
          schemaVersion: schemaVersionHeader(request.headers['form-schema-version']),
        },
      );
      if (replayed) return reply.code(200).header('idempotency-replayed', 'true').send(submission);
      return reply
        .code(201)
        .header('location', `/api/areas/${area.definition.key}/submissions/${submission.id}`)
        .send(submission);
    },
  );

  app.get(
    '/areas/:key/submissions',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['submissions'],
        summary: 'List submissions (keyset pages, newest first by default)',
        params: AreaParams,
        querystring: ListQuery,
        response: { 200: SubmissionPageSchema, 400: ApiErrorSchema, 404: ApiErrorSchema, ...AUTH_ERRORS },
      },
    },
    async (request) => {
      const area = areaOf(request.params.key);
      const { limit, cursor, sort = '-createdAt', q, parentId } = request.query;
      return listSubmissions(app.db, {
        user: requireUser(request),
        area: area.definition.key,
        limit,
        sort,
        cursor,
        q,
        parentId,
      });
    },
  );

  app.get(
    '/areas/:key/submissions/:id',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['submissions'],
        summary: 'One submission, with its approval',
        params: ItemParams,
        response: {
          200: Type.Object({
            ...SubmissionSchema.properties,
            approval: Type.Optional(NullableResult(TicketApprovalSchema)),
          }),
          404: ApiErrorSchema,
          ...AUTH_ERRORS,
        },
      },
    },
    async (request) => {
      const area = areaOf(request.params.key);
      const submission = await findVisibleSubmission(
        app.db,
        requireUser(request),
        area.definition.key,
        request.params.id,
      );
      if (!submission) {
        throw notFound(`There is no ${area.definition.key} submission ${request.params.id} that you can see.`);
      }
      const approval = await readApproval(app.db, requireUser(request), submission.id, submission.requester.id);
      return { ...submission, approval };
    },
  );

  app.get(
    '/areas/:key/submissions/:id/pdf',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['submissions'],
        summary: 'One submission as a PDF (US Letter), named after its number',
        params: ItemParams,
        response: {
          200: Type.Unsafe<unknown>({
            description: 'application/pdf, Content-Disposition: attachment; filename="AP-000012.pdf"',
          }),
          404: ApiErrorSchema,
          ...AUTH_ERRORS,
        },
      },
    },
    async (request, reply) => {
      const { fileName, body } = await renderSubmissionPdf(
        app.db,
        app.areas,
        requireUser(request),
        request.params.key,
        request.params.id,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(fileName, { type: 'attachment' }))
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );
  done();
};
