/** Route module of `/Assignments` (see the placement rule in app/router.tsx). */
export { AssignmentsPage as default } from '../../features/assignments/components/assignments-page';
