import type { ReactNode } from 'react';
import type { Submission } from '../../../../shared/submission';
import { AreaGate } from './area-gate';
import { SubmissionDetail } from './submission-detail';

/**
 * `/{Area}/{id}` and `/{Parent}/{parentId}/{Area}/{id}`: one submission, read-only. `notes`
 * renders what other features say about the record (shown under its summary).
 */
export function AreaDetailPage({ notes }: { notes?: (submission: Submission) => ReactNode }) {
  return <AreaGate>{(context) => <SubmissionDetail context={context} notes={notes} />}</AreaGate>;
}
