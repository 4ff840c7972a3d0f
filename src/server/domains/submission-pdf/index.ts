/**
 * The PDF of a submission (docs/behaviour.md "PDF of a submission"): gathered under the
 * submission's own read rule, laid out from its schema version, rendered by pdfmake with the fonts
 * it ships.
 */
export { renderSubmissionPdf } from './read';
