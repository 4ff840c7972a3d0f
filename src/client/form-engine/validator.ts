/**
 * The one rjsf validator of the portal: ajv 8 with the same options and extra formats as the
 * server (src/shared/form-validation.ts), so client and server agree on what is valid. Created
 * once at module scope: ajv's compile cache lives on this instance (engineering notes, rjsf #4432).
 */
import { customizeValidator } from '@rjsf/validator-ajv8';
import { FORM_AJV_OPTIONS, RJSF_EXTRA_FORMATS } from '../../shared/form-validation';

/** rjsf validator for area forms (draft-07 schemas, ajv-formats plus rjsf's `data-url` and `color`). */
export const formValidator = customizeValidator<Record<string, unknown>>({
  ajvOptionsOverrides: { ...FORM_AJV_OPTIONS },
  customFormats: { ...RJSF_EXTRA_FORMATS },
});
