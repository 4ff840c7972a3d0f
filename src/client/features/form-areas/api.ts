/** Calls of the form-area overview (docs/behaviour.md "Form areas"). */
import type { FormAreaOverview } from '../../../shared/form-areas';
import { api } from '../../lib/http';

/** `GET /api/form-areas` (administrators): every folder of SCHEMAS_DIR as last judged, and removed areas. */
export function fetchFormAreas(signal?: AbortSignal): Promise<FormAreaOverview> {
  return api.get('form-areas', { signal }).json<FormAreaOverview>();
}
