import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/server/config';

const EXTERNAL = {
  OIDC_ISSUER: 'https://login.microsoftonline.com/tenant/v2.0',
  OIDC_CLIENT_ID: 'spa-client-id',
  OIDC_AUDIENCE: 'api://portal-api',
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('sign-in settings of loadConfig', () => {
  it('sends the API audience as resource indicator to the built-in provider only, unless OIDC_RESOURCE says so', () => {
    expect(loadConfig({}).oidc.resource).toBe('api://tm-portal');
    // Entra ID v2 rejects `resource` (AADSTS901002)
    expect(loadConfig(EXTERNAL).oidc.resource).toBeNull();
    expect(loadConfig({ ...EXTERNAL, OIDC_RESOURCE: 'api://portal-api' }).oidc.resource).toBe('api://portal-api');
  });

  it('reads OIDC_EXTRA_SCOPES as a space-separated list (Entra: offline_access and the API scope)', () => {
    expect(loadConfig({}).oidc.extraScopes).toEqual([]);
    expect(
      loadConfig({ ...EXTERNAL, OIDC_EXTRA_SCOPES: ' offline_access  api://portal-api/access_as_user ' }).oidc.extraScopes,
    ).toEqual(['offline_access', 'api://portal-api/access_as_user']);
  });

  it('pins access tokens to RS256 by default, for the built-in provider and an external issuer alike', () => {
    expect(loadConfig({}).oidc.algorithms).toEqual(['RS256']);
    expect(loadConfig(EXTERNAL).oidc.algorithms).toEqual(['RS256']);
  });

  it('reads OIDC_TOKEN_ALGORITHMS as a comma-separated list for an external issuer', () => {
    expect(loadConfig({ ...EXTERNAL, OIDC_TOKEN_ALGORITHMS: 'ES256, PS256,ES256' }).oidc.algorithms).toEqual([
      'ES256',
      'PS256',
    ]);
  });

  it.each(['none', 'HS256', 'RS256,HS512', 'RS256,'])('refuses OIDC_TOKEN_ALGORITHMS=%s (asymmetric only)', (value) => {
    expect(problemsOf({ ...EXTERNAL, OIDC_TOKEN_ALGORITHMS: value }).join('\n')).toMatch(
      /OIDC_TOKEN_ALGORITHMS=.* must be a comma-separated list of RS256/,
    );
  });

  it('refuses OIDC_TOKEN_ALGORITHMS with the built-in provider, which signs RS256 only', () => {
    expect(problemsOf({ OIDC_TOKEN_ALGORITHMS: 'ES256' })).toEqual([
      'OIDC_TOKEN_ALGORITHMS applies to an external issuer only (the built-in provider signs RS256)',
    ]);
  });

  it('refuses an API audience equal to the client id, the audience of ID tokens', () => {
    expect(problemsOf({ ...EXTERNAL, OIDC_AUDIENCE: 'spa-client-id' }).join('\n')).toContain(
      'OIDC_AUDIENCE must differ from OIDC_CLIENT_ID',
    );
  });

  it('reads OIDC_GROUP_MAP: a group id to one role group or to several', () => {
    const groupMap = JSON.stringify({ 'guid-1': 'Accounting', 'guid-2': ['IT', 'Portal'] });
    expect(loadConfig({ OIDC_GROUP_MAP: groupMap }).oidc.groupMap).toEqual({
      'guid-1': ['Accounting'],
      'guid-2': ['IT', 'Portal'],
    });
    expect(loadConfig({}).oidc.groupMap).toEqual({});
  });

  it.each(['not json', '["Accounting"]', '{"guid":""}', '{"guid":[]}', '{"guid":[7]}', 'null'])(
    'refuses OIDC_GROUP_MAP=%s with an example of the expected shape',
    (value) => {
      expect(problemsOf({ OIDC_GROUP_MAP: value }).join('\n')).toMatch(/^OIDC_GROUP_MAP must be a JSON object/);
    },
  );
});
