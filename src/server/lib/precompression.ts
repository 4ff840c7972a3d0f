/**
 * The compression settings of what the portal sends compressed without compressing it per
 * request: the built web app's files (scripts/lib/compress-assets.ts, at build time) and the page
 * the server serves with the sign-in settings in it (lib/app-page.ts, once per version of the page).
 * Both are text: brotli at its highest quality (11) in text mode, and gzip at level 9.
 */
import { constants, type BrotliOptions, type ZlibOptions } from 'node:zlib';

/** brotli options for `size` bytes of text (the size is a hint to the encoder). */
export function brotliTextOptions(size: number): BrotliOptions {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  };
}

/** gzip options for text. */
export const GZIP_TEXT_OPTIONS: ZlibOptions = { level: 9 };
