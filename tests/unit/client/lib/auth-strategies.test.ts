import { describe, expect, it } from 'vitest';
import {
  AAD_STRATEGY,
  DEFAULT_STRATEGY,
  DEFINED_STRATEGIES,
  GOOGLE_STRATEGY,
  REGISTERED_STRATEGIES,
  resolveStrategy,
} from '../../../../src/client/lib/auth-strategies';
import type { AuthConfig } from '../../../../src/shared/me';

const CONFIG: AuthConfig = {
  authority: 'https://portal.example/oidc',
  clientId: 'tm-portal',
  audience: 'api://tm-portal',
  scope: 'openid profile email',
  resource: 'api://tm-portal',
  strategy: 'aad',
};

describe('sign-in strategies (aad registered, the second provider not)', () => {
  it('registers aad as the default strategy', () => {
    expect(DEFAULT_STRATEGY).toBe('aad');
    expect(resolveStrategy()).toBe(AAD_STRATEGY);
    expect(resolveStrategy('aad')).toBe(AAD_STRATEGY);
    expect(resolveStrategy('')).toBe(AAD_STRATEGY);
  });

  it('defines a second provider configuration that is not registered', () => {
    expect(DEFINED_STRATEGIES).toHaveLength(2);
    expect(DEFINED_STRATEGIES).toContain(GOOGLE_STRATEGY);
    expect([...REGISTERED_STRATEGIES.keys()]).toEqual(['aad']);
    expect(() => resolveStrategy('google')).toThrow('Unknown sign-in strategy "google"');
    expect(() => resolveStrategy('local')).toThrow('Unknown sign-in strategy "local"');
  });

  it('asks aad for the openid profile email scope and access_type=offline', () => {
    expect(AAD_STRATEGY.scope).toBe('openid profile email');
    expect(AAD_STRATEGY.authorizationParams).toEqual({ access_type: 'offline' });
  });

  it('adds response_type and audience to the code exchange only', () => {
    expect(AAD_STRATEGY.codeExchangeParams(CONFIG)).toEqual({ response_type: 'code', audience: 'api://tm-portal' });
    expect(AAD_STRATEGY.codeExchangeParams({ ...CONFIG, audience: '' })).toEqual({ response_type: 'code' });
  });
});
