/**
 * The PDF of a submission (`GET /api/areas/{key}/submissions/{id}/pdf`, docs/behaviour.md "PDF of
 * a submission"), fetched with the access token (never a token in a URL) and saved as
 * `<number>.pdf`.
 */
import { api } from './http';
import { saveBlob } from './save-file';

/** Downloads the PDF of submission `id` of area `area` and saves it as `<number>.pdf`. Rejects on any HTTP or network error. */
export async function downloadSubmissionPdf(area: string, id: string, number: string): Promise<void> {
  const blob = await api.get(`areas/${encodeURIComponent(area)}/submissions/${encodeURIComponent(id)}/pdf`).blob();
  saveBlob(blob, `${number}.pdf`);
}
