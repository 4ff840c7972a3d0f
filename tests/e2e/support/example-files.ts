/**
 * schemas/<Area>/example.json for requests sent straight to the API from a signed-in page: the
 * files its attachment fields name are uploaded first (`POST /api/attachments` with the page's
 * access token), as the form does, and the references point at those uploads.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { findAttachmentRefs } from '../../../src/shared/attachment';
import type { JsonObject } from '../../../src/shared/json';
import { fileFor } from './fill-form';

const readJson = (area: string, file: string) =>
  JSON.parse(readFileSync(new URL(`../../../schemas/${area}/${file}`, import.meta.url), 'utf8')) as JsonObject;

/** The example of `area` with each file uploaded by the user signed in on `page`. */
export async function exampleWithFiles(page: Page, area: string): Promise<JsonObject> {
  const example = readJson(area, 'example.json');
  const found = findAttachmentRefs(readJson(area, 'ui.json'), example);
  const files = found.map(({ ref }) => {
    const name = typeof ref.name === 'string' ? ref.name : 'file.png';
    const file = fileFor({ name, mediaType: typeof ref.mediaType === 'string' ? ref.mediaType : 'image/png' });
    return { name: file.name, type: file.mimeType, base64: file.buffer.toString('base64') };
  });
  const uploaded = await page.evaluate(async (list) => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('auth.user:'));
    const token = (JSON.parse(localStorage.getItem(key ?? '') ?? '{}') as { access_token?: string }).access_token;
    const refs: { id: string; name: string; size: number; mediaType: string }[] = [];
    for (const file of list) {
      const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
      const body = new FormData();
      body.append('file', new Blob([bytes], { type: file.type }), file.name);
      const response = await fetch('/api/attachments', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body,
      });
      if (response.status !== 201)
        throw new Error(`upload of ${file.name}: ${response.status} ${await response.text()}`);
      const { id, name, size, mediaType } = (await response.json()) as (typeof refs)[number];
      refs.push({ id, name, size, mediaType });
    }
    return refs;
  }, files);
  found.forEach(({ ref }, index) => Object.assign(ref, uploaded[index]));
  return example;
}

/**
 * Posts `payload` as a new submission of `area` with the session of the user signed in on `page`
 * (`POST /api/areas/{area}/submissions`); throws unless it answers 201. Returns its id and number.
 */
export async function submitFromPage(
  page: Page,
  area: string,
  payload: Record<string, unknown>,
): Promise<{ id: string; number: string }> {
  const body = JSON.stringify(payload);
  return page.evaluate(
    async ({ area, body }) => {
      const key = Object.keys(localStorage).find((name) => name.startsWith('auth.user:'));
      const token = (JSON.parse(localStorage.getItem(key ?? '') ?? '{}') as { access_token?: string }).access_token;
      const response = await fetch(`/api/areas/${area}/submissions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body,
      });
      if (response.status !== 201) throw new Error(`submit answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as { id: string; number: string };
    },
    { area, body },
  );
}
