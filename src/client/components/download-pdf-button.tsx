import { useState } from 'react';
import { downloadSubmissionPdf } from '../lib/submission-pdf';
import { toast } from '../lib/toast';
import { Button } from './ui';

/**
 * "Download PDF" for one submission: fetches its PDF with the access token and saves it as
 * `<number>.pdf`; busy while the server builds it, a toast when that fails. Not printed.
 */
export function DownloadPdfButton({ area, id, number }: { area: string; id: string; number: string }) {
  const [isBusy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    downloadSubmissionPdf(area, id, number)
      .catch(() => toast.error('The PDF could not be downloaded. Try again.'))
      .finally(() => setBusy(false));
  };
  return (
    <Button type="button" className="no-print" onClick={download} disabled={isBusy} aria-busy={isBusy}>
      {isBusy ? 'Preparing PDF…' : 'Download PDF'}
    </Button>
  );
}
