/**
 * Route module of `/{Area}/{id}` and `/{Parent}/{parentId}/{Area}/{id}` (see the placement rule
 * in app/router.tsx): the area feature's detail page, with the notes of the assignments and
 * tickets features and the approval (with a rejection's reason) under the record's summary.
 */
import { ApprovalState } from '../../features/approvals/components/approval-state';
import { AreaDetailPage } from '../../features/areas/components/area-detail-page';
import { AssignmentNote } from '../../features/assignments/components/assignment-note';
import { RatingNote } from '../../features/tickets/components/rating-note';

export default function AreaDetailRoute() {
  return (
    <AreaDetailPage
      notes={(submission) => (
        <>
          <AssignmentNote area={submission.area} id={submission.id} version={submission.version} />
          <RatingNote id={submission.id} status={submission.status} />
          <ApprovalState approval={submission.approval} />
        </>
      )}
    />
  );
}
