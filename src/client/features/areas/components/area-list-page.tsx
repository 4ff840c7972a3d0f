import { AreaGate } from './area-gate';
import { SubmissionList } from './submission-list';

/** `/{Area}` and `/{Parent}/{parentId}/{Area}`: an area's list page. */
export function AreaListPage() {
  return <AreaGate>{(context) => <SubmissionList context={context} />}</AreaGate>;
}
