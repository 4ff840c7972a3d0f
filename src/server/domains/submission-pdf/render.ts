/**
 * pdfmake set up once for the server: the Roboto font files pdfmake ships (no system fonts), no
 * fetching of any URL, and no file read outside those fonts.
 */
import { createRequire } from 'node:module';
import { dirname, sep } from 'node:path';
import pdfmake from 'pdfmake';
import type { TDocumentDefinitions, TFontDictionary } from 'pdfmake/interfaces';

const require = createRequire(import.meta.url);
const ROBOTO = require('pdfmake/fonts/Roboto.js') as TFontDictionary;
const FONT_FOLDER = dirname(require.resolve('pdfmake/fonts/Roboto/Roboto-Regular.ttf')) + sep;

pdfmake.setFonts(ROBOTO);
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((path) => path.startsWith(FONT_FOLDER));

/** The PDF bytes of a document definition. */
export async function renderPdf(definition: TDocumentDefinitions): Promise<Buffer> {
  return pdfmake.createPdf(definition).getBuffer();
}
