import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOrCreateProviderKeys } from '../../../src/server/plugins/identity-provider/keys';

describe('the built-in provider key file', () => {
  let folder: string | undefined;
  afterEach(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('gives two first starts at once on one shared folder the same keys, the ones on disk', async () => {
    folder = await mkdtemp(join(tmpdir(), 'tm-keys-'));
    const [first, second] = await Promise.all([loadOrCreateProviderKeys(folder), loadOrCreateProviderKeys(folder)]);
    expect(second).toEqual(first);
    expect(JSON.parse(await readFile(join(folder, 'oidc-keys.json'), 'utf8'))).toEqual(first);
    expect(await readdir(folder)).toEqual(['oidc-keys.json']);
    expect(await loadOrCreateProviderKeys(folder)).toEqual(first);
  });
});
