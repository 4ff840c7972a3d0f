/**
 * pdfmake set up once for the server: the Roboto font files pdfmake ships (no system fonts), no
 * fetching of any URL, and no file read outside those fonts. pdfmake is loaded with the first PDF,
 * not at start: it is ~7 MB of the heap and ~140 ms of a start (docs/performance.md "Start and
 * memory").
 */
import { createRequire } from 'node:module';
import { dirname, sep } from 'node:path';
import type * as PdfMakeModule from 'pdfmake';
import type { TDocumentDefinitions, TFontDictionary } from 'pdfmake/interfaces';

const require = createRequire(import.meta.url);

type PdfMake = typeof PdfMakeModule;

let loading: Promise<PdfMake> | undefined;

/** pdfmake with the fonts and access policies above; imported on the first call. */
function loadPdfmake(): Promise<PdfMake> {
  // a CommonJS package: its exports are the import's `default`
  loading ??= import('pdfmake').then((module) => {
    const pdfmake = (module as { default?: PdfMake }).default ?? module;
    const fonts = require('pdfmake/fonts/Roboto.js') as TFontDictionary;
    const fontFolder = dirname(require.resolve('pdfmake/fonts/Roboto/Roboto-Regular.ttf')) + sep;
    pdfmake.setFonts(fonts);
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy((path) => path.startsWith(fontFolder));
    return pdfmake;
  });
  return loading;
}

/** The PDF bytes of a document definition. */
export async function renderPdf(definition: TDocumentDefinitions): Promise<Buffer> {
  const pdfmake = await loadPdfmake();
  return pdfmake.createPdf(definition).getBuffer();
}
