import { describe, expect, it } from 'vitest';
import { jsonForScriptElement, withAuthConfig } from '../../../src/server/lib/app-page';
import type { AuthConfig } from '../../../src/shared/me';

const CONFIG: AuthConfig = {
  authority: 'https://login.example/tenant/v2.0',
  clientId: 'tm-portal',
  audience: 'api://tm-portal',
  scope: 'openid profile email',
  resource: null,
  strategy: 'aad',
};
const BLOCK = /<script type="application\/json" id="auth-config">(.*?)<\/script>/s;

describe('withAuthConfig', () => {
  it('puts the settings in place of the preload of /api/auth/config', () => {
    const html =
      '<head><link rel="preload" href="/api/auth/config" as="fetch" crossorigin="anonymous" /><title>T</title></head>';
    const page = withAuthConfig(html, CONFIG);
    expect(page).not.toContain('/api/auth/config');
    expect(page.startsWith('<head><script type="application/json" id="auth-config">')).toBe(true);
    expect(page.endsWith('</script><title>T</title></head>')).toBe(true);
    expect(JSON.parse(BLOCK.exec(page)?.[1] ?? '')).toEqual(CONFIG);
  });

  it('puts them before </head> in a page without the preload, and leaves a page without a head alone', () => {
    expect(withAuthConfig('<head><title>T</title></head><body></body>', CONFIG)).toMatch(
      /^<head><title>T<\/title><script type="application\/json" id="auth-config">.*<\/script>\n {2}<\/head><body><\/body>$/,
    );
    expect(withAuthConfig('<div id="app"></div>', CONFIG)).toBe('<div id="app"></div>');
  });

  it('writes values that could end the element or open a comment so that they cannot', () => {
    const hostile = {
      ...CONFIG,
      authority: 'https://x.example/</script><script>alert(1)</script><!--',
      scope: 'a & b > c',
    };
    const page = withAuthConfig('<head></head>', hostile);
    expect(page.match(/<\/script>/g)).toHaveLength(1);
    expect(page).not.toContain('<!--');
    expect(page).not.toContain('<script>alert');
    expect(JSON.parse(BLOCK.exec(page)?.[1] ?? '')).toEqual(hostile);
  });

  it('keeps "$" sequences of a value as they are (no replacement patterns)', () => {
    const dollars = { ...CONFIG, clientId: "client-$&-$'-$1" };
    const page = withAuthConfig('<link rel="preload" href="/api/auth/config" as="fetch" />', dollars);
    expect(JSON.parse(BLOCK.exec(page)?.[1] ?? '')).toEqual(dollars);
  });
});

describe('jsonForScriptElement', () => {
  it('escapes <, > and & and stays JSON that parses to the same value', () => {
    const value = { text: '</script><!-- & -->', n: 1 };
    const json = jsonForScriptElement(value);
    expect(json).not.toMatch(/[<>&]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});
