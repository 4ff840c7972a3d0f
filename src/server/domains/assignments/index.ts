/**
 * Assignments: the routing rules (area, optionally a property and a field value → an assignee user
 * and/or role group, in order), their validation and preview, and routing itself: a new submission's
 * start on `submissionPlanning`, and a submission its approvals let through.
 */
export type { AssignmentEvents } from './events';
export { invalidateRoutingRules, planRouting, routeStoredSubmission } from './routing';
export { normalizeRule, validateRule } from './rule-validation';
export {
  createRule,
  deleteRule,
  getRule,
  listRules,
  previewRule,
  reorderRules,
  rulesAssigningTo,
  setRuleEnabled,
  updateRule,
} from './rules';
export { readVisibleAssignment } from './submission-assignment';
