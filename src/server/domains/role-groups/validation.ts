/**
 * Checks a role-group body by hand so every problem comes back at once as a 422 with one entry per
 * field (docs/behaviour.md "Role groups"; paths are JSON Pointers, RFC 6901).
 */
import type { FieldError } from '../../../shared/api-error';
import type { RoleGroupInput } from '../../../shared/role-groups';
import { validationFailed } from '../../lib/errors';

const NAME_MAX = 100;
const DESCRIPTION_MAX = 1000;
const IDP_GROUP_MAX = 200;
const LIST_MAX = 500;
const FIELDS = new Set(['name', 'description', 'scopes', 'idpGroupIds', 'version']);

function stringList(
  value: unknown,
  path: string,
  errors: FieldError[],
  checkItem: (item: string) => string | null,
): string[] {
  if (!Array.isArray(value)) {
    errors.push({ path, message: 'must be a list' });
    return [];
  }
  if (value.length > LIST_MAX) errors.push({ path, message: `must have at most ${LIST_MAX} entries` });
  const items: string[] = [];
  value.forEach((item, index) => {
    const problem = typeof item === 'string' ? checkItem(item) : 'must be text';
    if (problem) errors.push({ path: `${path}/${index}`, message: problem });
    else if (typeof item === 'string' && !items.includes(item)) items.push(item);
  });
  return items;
}

/**
 * The role-group fields of `body`, or throws 422 naming each faulty field: `name` 1–100
 * characters; `description` at most 1,000; `scopes` from `knownScopes` only; `idpGroupIds` 1–200
 * characters without spaces; with `requireVersion`, a positive integer `version`. Duplicates are
 * dropped; unknown fields are refused.
 */
export function parseRoleGroupInput(
  body: unknown,
  knownScopes: ReadonlySet<string>,
  requireVersion: boolean,
): RoleGroupInput & { description: string; idpGroupIds: string[]; version: number } {
  const errors: FieldError[] = [];
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw validationFailed([{ path: '', message: 'must be a JSON object' }], 'The role group has errors.');
  }
  const record = body as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!FIELDS.has(key) || (key === 'version' && !requireVersion)) {
      errors.push({ path: `/${key}`, message: 'is not a field of a role group' });
    }
  }
  const name = typeof record.name === 'string' ? record.name.trim() : '';
  if (typeof record.name !== 'string' || !name) errors.push({ path: '/name', message: 'is required' });
  else if (name.length > NAME_MAX) errors.push({ path: '/name', message: `must be at most ${NAME_MAX} characters` });
  let description = '';
  if (record.description !== undefined) {
    if (typeof record.description !== 'string') errors.push({ path: '/description', message: 'must be text' });
    else if (record.description.length > DESCRIPTION_MAX) {
      errors.push({ path: '/description', message: `must be at most ${DESCRIPTION_MAX} characters` });
    } else description = record.description.trim();
  }
  const scopes =
    record.scopes === undefined
      ? []
      : stringList(record.scopes, '/scopes', errors, (scope) =>
          knownScopes.has(scope) ? null : `"${scope}" is not a known scope`,
        );
  const idpGroupIds =
    record.idpGroupIds === undefined
      ? []
      : stringList(record.idpGroupIds, '/idpGroupIds', errors, (id) =>
          id.length < 1 || id.length > IDP_GROUP_MAX || /\s/.test(id)
            ? `must be 1–${IDP_GROUP_MAX} characters without spaces`
            : null,
        );
  let version = 0;
  if (requireVersion) {
    if (typeof record.version !== 'number' || !Number.isSafeInteger(record.version) || record.version < 1) {
      errors.push({ path: '/version', message: 'is required: the version you last read' });
    } else version = record.version;
  }
  if (errors.length) throw validationFailed(errors, 'The role group has errors.');
  return { name, description, scopes, idpGroupIds, version };
}
