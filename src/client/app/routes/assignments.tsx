import { AssignmentsPage } from '../../features/assignments/components/assignments-page';

/** `/Assignments`: routing rules (issue 5; route handle `anyScope: ['assignments:manage']`). */
export default function AssignmentsRoute() {
  return <AssignmentsPage />;
}
