/**
 * The attachments widget's checks at pick time (src/client/lib/attachment-check.ts) against the
 * limits the server enforces (shared constants): the count limit, the size limit, and the media
 * type read from the content by the same rule as the server's sniffer.
 */
import { describe, expect, it } from 'vitest';
import { countLimitMessage, refusalOfPickedFile, splitByCountLimit } from '../../../../src/client/lib/attachment-check';
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS_PER_SUBMISSION } from '../../../../src/shared/attachment';

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
// a Windows executable's start: "MZ" and the PE header offset
const EXE_BYTES = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58), Buffer.from([0x40, 0, 0, 0]), Buffer.from('PE\0\0'), Buffer.alloc(64)]);

const file = (content: Buffer | string, name: string, type = '') =>
  new File([typeof content === 'string' ? content : new Uint8Array(content)], name, { type });

describe('splitByCountLimit', () => {
  it(`keeps files up to ${MAX_ATTACHMENTS_PER_SUBMISSION} and refuses the rest, in the order picked`, () => {
    const picked = ['a', 'b', 'c'];
    expect(splitByCountLimit(picked, MAX_ATTACHMENTS_PER_SUBMISSION - 2)).toEqual({ fit: ['a', 'b'], over: ['c'] });
    expect(splitByCountLimit(picked, MAX_ATTACHMENTS_PER_SUBMISSION)).toEqual({ fit: [], over: picked });
    expect(splitByCountLimit(picked, 0)).toEqual({ fit: picked, over: [] });
  });

  it('refuses the 21st file when 20 are held', () => {
    const picked = Array.from({ length: 21 }, (_, index) => `file-${index + 1}.pdf`);
    const { fit, over } = splitByCountLimit(picked, 0);
    expect(fit).toHaveLength(20);
    expect(over).toEqual(['file-21.pdf']);
    expect(countLimitMessage(over)).toBe('At most 20 files can be attached: file-21.pdf was not added.');
    expect(countLimitMessage(['x.pdf', 'y.pdf'])).toBe('At most 20 files can be attached: 2 files were not added (x.pdf, y.pdf).');
  });
});

describe('refusalOfPickedFile', () => {
  it('accepts allowed types by their content, whatever the name or the browser claims', async () => {
    await expect(refusalOfPickedFile(file(PNG_1X1, 'photo.png', 'image/png'))).resolves.toBeNull();
    await expect(refusalOfPickedFile(file(PNG_1X1, 'scan-without-extension'))).resolves.toBeNull();
    await expect(refusalOfPickedFile(file(PDF_BYTES, 'invoice.pdf', 'application/pdf'))).resolves.toBeNull();
    await expect(refusalOfPickedFile(file('a,b\n1,2\n', 'rows.csv', 'text/csv'))).resolves.toBeNull();
    await expect(refusalOfPickedFile(file('Plain notes, ünïcödé\n', 'notes.txt'))).resolves.toBeNull();
  });

  it('refuses content of a type the server refuses, even under an allowed name or claim', async () => {
    await expect(refusalOfPickedFile(file(EXE_BYTES, 'invoice.pdf', 'application/pdf'))).resolves.toMatch(/^Not an accepted file type/);
    await expect(refusalOfPickedFile(file('# heading\n', 'readme.md', 'text/markdown'))).resolves.toMatch(/^Not an accepted file type/);
    await expect(refusalOfPickedFile(file(Buffer.from([0, 1, 2, 3, 0, 0]), 'binary.txt', 'text/plain'))).resolves.toMatch(/^Not an accepted file type/);
    await expect(refusalOfPickedFile(file('<svg xmlns="http://www.w3.org/2000/svg"/>', 'logo.svg', 'image/svg+xml'))).resolves.toMatch(/^Not an accepted file type/);
  });

  it('refuses a file over the size limit before reading it', async () => {
    const big = file(Buffer.alloc(MAX_ATTACHMENT_BYTES + 1), 'big.pdf', 'application/pdf');
    await expect(refusalOfPickedFile(big)).resolves.toBe('Larger than 10.0 MB: not uploaded.');
    const atLimit = file(Buffer.concat([PDF_BYTES, Buffer.alloc(MAX_ATTACHMENT_BYTES - PDF_BYTES.length)]), 'limit.pdf');
    await expect(refusalOfPickedFile(atLimit)).resolves.toBeNull();
  });
});
