/**
 * The `format`s of form data, as one table both sides use: the server adds each to its ajv
 * (src/server/domains/areas/validation.ts), and a precompiled validator module reads them from
 * the very same table in the browser (src/shared/precompiled-validators.ts). ajv-formats' full
 * formats, rjsf's `data-url` and `color`, and `time` read as ajv-formats' `iso-time` (the offset
 * optional), because every time widget (rjsf's and the portal's) writes a local time such as
 * `14:30:00`. Only `ajv-formats/dist/formats` is imported: the format functions, without ajv.
 */
import type { Format } from 'ajv';
import { fullFormats } from 'ajv-formats/dist/formats.js';

/** Formats rjsf adds on top of ajv-formats (its validator-ajv8 `DATA_URL_FORMAT_REGEX`, `COLOR_FORMAT_REGEX`). */
const RJSF_EXTRA_FORMATS = {
  'data-url': /^data:([a-z]+\/[a-z0-9-+.]+)?;(?:name=(.*);)?base64,(.*)$/,
  color:
    /^(#?([0-9A-Fa-f]{3}){1,2}\b|aqua|black|blue|fuchsia|gray|green|lime|maroon|navy|olive|orange|purple|red|silver|teal|white|yellow|(rgb\(\s*\b([0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])\b\s*,\s*\b([0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])\b\s*,\s*\b([0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])\b\s*\))|(rgb\(\s*(\d?\d%|100%)+\s*,\s*(\d?\d%|100%)+\s*,\s*(\d?\d%|100%)+\s*\)))$/,
} as const;

/** Every format form data may name, by name (see the module comment). */
export const FORM_FORMATS: Readonly<Record<string, Format>> = {
  ...fullFormats,
  ...RJSF_EXTRA_FORMATS,
  time: fullFormats['iso-time'],
};
