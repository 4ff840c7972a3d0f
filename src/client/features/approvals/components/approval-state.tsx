import type { ApprovalStepView, TicketApproval } from '../../../../shared/approvals';
import { DecisionForm } from './decision-form';
import { formatDateTime } from '../../../lib/date-format';

const STATUS_TEXT: Record<ApprovalStepView['status'], string> = {
  pending: 'Not reached yet',
  waiting: 'Waiting for a decision',
  approved: 'Approved',
  rejected: 'Rejected',
  skipped: 'Not needed',
};

const OVERALL_TEXT: Record<TicketApproval['status'], string> = {
  waiting: 'Waiting for approval',
  approved: 'Approved',
  rejected: 'Rejected',
};

function approversOf(step: ApprovalStepView): string {
  return step.approvers.group !== null ? `${step.approvers.group} (any member)` : (step.approvers.email ?? '—');
}

/**
 * A ticket's approval (docs/behaviour.md "Approvals"): each step with who decides it, its state,
 * who decided and when, and the comment, a rejection's reason set apart as "Reason". With
 * `decide` and a step the reader may decide, the Approve / Reject form. Nothing without an approval.
 */
export function ApprovalState({
  approval,
  decide,
}: {
  approval: TicketApproval | null | undefined;
  decide?: { ticketId: string; version: number; label: string; onDecided: () => void };
}) {
  if (!approval) return null;
  return (
    <section className="approval" aria-labelledby="approval-heading" data-testid="approval">
      <h2 id="approval-heading">Approval: {OVERALL_TEXT[approval.status]}</h2>
      <ol className="approval__steps">
        {approval.steps.map((step) => (
          <li key={step.id}>
            <strong>{step.name}</strong> — {STATUS_TEXT[step.status]}
            <br />
            {step.decidedBy ? (
              <span>
                By {step.decidedBy.name}
                {step.decidedAt ? ` · ${formatDateTime(step.decidedAt)}` : ''}
              </span>
            ) : (
              <span>Approvers: {approversOf(step)}</span>
            )}
            {step.comment ? (
              <p className={step.status === 'rejected' ? 'approval__reason' : undefined} data-testid="approval-comment">
                {step.status === 'rejected' ? 'Reason: ' : 'Comment: '}
                {step.comment}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
      {decide && approval.canDecide ? <DecisionForm {...decide} /> : null}
    </section>
  );
}
