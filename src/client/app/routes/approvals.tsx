/** Route module of `/Approvals` (see the placement rule in app/router.tsx). */
export { ApprovalsPage as default } from '../../features/approvals/components/approvals-page';
