import { AreaGate } from '../../features/areas/components/area-gate';
import { SubmissionList } from '../../features/areas/components/submission-list';

/** `/{Area}` and `/{Parent}/{parentId}/{Area}`: an area's list page. */
export default function AreaListPage() {
  return <AreaGate>{(context) => <SubmissionList context={context} />}</AreaGate>;
}
