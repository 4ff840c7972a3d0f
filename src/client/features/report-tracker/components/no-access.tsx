import { useDocumentTitle } from '../../../lib/document-title';
/** What a report tracker page shows to a signed-in user without the scope it needs (the route guard's wording). */
export function NoAccess() {
  useDocumentTitle('Report tracker: no access');
  return (
    <div className="page-header">
      <div>
        <h1>Report tracker</h1>
        <p className="alert alert--error" role="alert">
          You do not have access to this page
        </p>
      </div>
    </div>
  );
}
