import { useEffect, useState } from 'react';
import type { AreaSummary } from '../../../../shared/area';
import type { AssignmentRule } from '../../../../shared/assignment';
import { parsePointer } from '../../../../shared/json-pointer';
import { Button } from '../../../components/ui';

/** What the table asks its page to do; each returns once the server answered. */
export type RuleActions = {
  move: (rule: AssignmentRule, offset: -1 | 1) => Promise<void>;
  toggle: (rule: AssignmentRule) => Promise<void>;
  edit: (rule: AssignmentRule) => void;
  remove: (rule: AssignmentRule) => Promise<void>;
};

function conditionText(rule: AssignmentRule): string {
  const parts = [rule.property ? `property ${rule.property}` : 'any property'];
  if (rule.field) parts.push(`${parsePointer(rule.field.pointer).join('.')} = ${String(rule.field.value)}`);
  return parts.join(', ');
}

function assigneeText(rule: AssignmentRule): string {
  const names = [rule.assigneeUser?.name, rule.assigneeGroup?.name].filter(Boolean);
  return names.length ? names.join(' + ') : 'Nobody (assignee deleted)';
}

/** Focuses the move button of `id` in `direction`, or the other one when that is disabled (top/bottom). */
function focusMoveButton(id: string, direction: 'up' | 'down'): void {
  const selector = (d: string) => `[data-rule="${CSS.escape(id)}"][data-move="${d}"]`;
  const wanted = document.querySelector<HTMLButtonElement>(selector(direction));
  const target =
    wanted && !wanted.disabled
      ? wanted
      : document.querySelector<HTMLButtonElement>(selector(direction === 'up' ? 'down' : 'up'));
  target?.focus();
}

/**
 * The rules in the order they are tried: position, name, area, conditions, assignee, an
 * Enabled switch, and per rule "Move up" / "Move down" (keyboard: the moved rule keeps focus),
 * "Edit" and "Delete" (asks to confirm in the row).
 */
export function RuleTable({
  rules,
  areas,
  actions,
  isBusy,
}: {
  rules: AssignmentRule[];
  areas: AreaSummary[];
  actions: RuleActions;
  isBusy: boolean;
}) {
  const [confirming, setConfirming] = useState<string | null>(null);
  const [focusAfter, setFocusAfter] = useState<{ id: string; direction: 'up' | 'down' } | null>(null);
  const titleOf = (key: string) => areas.find((area) => area.key === key)?.title ?? key;

  useEffect(() => {
    if (!focusAfter) return;
    focusMoveButton(focusAfter.id, focusAfter.direction);
    setFocusAfter(null);
  }, [rules, focusAfter]);

  const move = async (rule: AssignmentRule, offset: -1 | 1) => {
    await actions.move(rule, offset);
    setFocusAfter({ id: rule.id, direction: offset < 0 ? 'up' : 'down' });
  };

  if (!rules.length)
    return <p className="empty-state">No rules yet: every new submission stays New until someone assigns it.</p>;
  return (
    <div className="table-scroll" role="region" aria-label="Assignment rules" tabIndex={0}>
      <table className="data-table rule-table">
        <caption className="visually-hidden">Assignment rules, in the order they are tried</caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Name</th>
            <th scope="col">Form area</th>
            <th scope="col">When</th>
            <th scope="col">Assign to</th>
            <th scope="col">Enabled</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {rules.map((rule, index) => (
            <tr key={rule.id} className={rule.enabled ? undefined : 'rule-table__row--disabled'}>
              <td>{index + 1}</td>
              <th scope="row">{rule.name}</th>
              <td>{titleOf(rule.area)}</td>
              <td>{conditionText(rule)}</td>
              <td>{assigneeText(rule)}</td>
              <td>
                <label className="rule-table__switch">
                  <input
                    type="checkbox"
                    checked={rule.enabled}
                    disabled={isBusy}
                    onChange={() => void actions.toggle(rule)}
                  />
                  <span className="visually-hidden">Enabled: {rule.name}</span>
                  <span aria-hidden="true">{rule.enabled ? 'On' : 'Off'}</span>
                </label>
              </td>
              <td>
                {confirming === rule.id ? (
                  <div className="rule-table__confirm" role="group" aria-label={`Confirm deleting ${rule.name}`}>
                    <span>Delete this rule?</span>
                    <Button
                      type="button"
                      variant="danger"
                      disabled={isBusy}
                      onClick={() => void actions.remove(rule).finally(() => setConfirming(null))}
                    >
                      Yes, delete
                    </Button>
                    <Button type="button" variant="quiet" onClick={() => setConfirming(null)}>
                      Keep it
                    </Button>
                  </div>
                ) : (
                  <div className="rule-table__actions">
                    <Button
                      type="button"
                      variant="quiet"
                      data-rule={rule.id}
                      data-move="up"
                      aria-label={`Move ${rule.name} up`}
                      disabled={isBusy || index === 0}
                      onClick={() => void move(rule, -1)}
                    >
                      ↑ Up
                    </Button>
                    <Button
                      type="button"
                      variant="quiet"
                      data-rule={rule.id}
                      data-move="down"
                      aria-label={`Move ${rule.name} down`}
                      disabled={isBusy || index === rules.length - 1}
                      onClick={() => void move(rule, 1)}
                    >
                      ↓ Down
                    </Button>
                    <Button type="button" aria-label={`Edit ${rule.name}`} onClick={() => actions.edit(rule)}>
                      Edit
                    </Button>
                    <Button
                      type="button"
                      variant="quiet"
                      aria-label={`Delete ${rule.name}`}
                      onClick={() => setConfirming(rule.id)}
                    >
                      Delete
                    </Button>
                  </div>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
