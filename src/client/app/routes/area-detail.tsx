import { AreaGate } from '../../features/areas/components/area-gate';
import { SubmissionDetail } from '../../features/areas/components/submission-detail';

/** `/{Area}/{id}` and `/{Parent}/{parentId}/{Area}/{id}`: one submission, read-only. */
export default function AreaDetailPage() {
  return <AreaGate>{(context) => <SubmissionDetail context={context} />}</AreaGate>;
}
