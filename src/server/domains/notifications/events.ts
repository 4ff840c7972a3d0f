/**
 * The payloads of the events notifications react to that other domains announce: approvals
 * (`approvalRequested`, `approvalDecided`) and service levels (`slaBreaching`), as those domains
 * declare them (plugins/domains.ts wires the listeners).
 */
import type { ApprovalEvents } from '../approvals';
import type { SlaEvents } from '../sla';

export type { ApprovalDecided, ApprovalRequested } from '../approvals';
export type { SlaBreaching } from '../sla';

/** The events above, in the bus's shape (lib/domain-events); listeners return nothing. */
export type NotificationSourceEvents = ApprovalEvents & SlaEvents;
