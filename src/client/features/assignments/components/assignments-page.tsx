import { useState } from 'react';
import type { AssignmentRule } from '../../../../shared/assignment';
import { ASSIGNMENTS_MANAGE_SCOPE, hasScope } from '../../../../shared/scopes';
import { useSession } from '../../../lib/session/session-context';
import { LoadError, Loading } from '../../../components/status-message';
import { fetchAreas, fetchProperties } from '../../../lib/area-api';
import { toApiFailure } from '../../../lib/http';
import { toast } from '../../../lib/toast';
import { useResource } from '../../../lib/use-resource';
import { deleteRule, fetchAssignees, fetchRules, isStaleError, reorderRules, setRuleEnabled } from '../api';
import { RuleForm } from './rule-form';
import { RuleTable, type RuleActions } from './rule-table';
import '../assignments.css';
import { useDocumentTitle } from '../../../lib/document-title';
import { Button } from '../../../components/ui';

async function loadPage(signal: AbortSignal) {
  const [rules, areas, properties, assignees] = await Promise.all([
    fetchRules(signal),
    fetchAreas(),
    fetchProperties(),
    fetchAssignees(signal),
  ]);
  return { rules, areas, properties, assignees };
}

/**
 * `/Assignments` (needs `assignments:manage`): the routing rules in the order they are
 * tried, with move up/down, an enable switch, edit, delete with confirmation, and a create / edit
 * form with "Test this rule". A stale write (412) says so and reloads the rules.
 */
export function AssignmentsPage() {
  useDocumentTitle('Assignments');
  const session = useSession();
  const page = useResource('assignments-page', loadPage);
  const [rules, setRules] = useState<AssignmentRule[] | null>(null);
  const [editing, setEditing] = useState<AssignmentRule | 'new' | null>(null);
  const [isBusy, setBusy] = useState(false);

  if (!hasScope(session.user, ASSIGNMENTS_MANAGE_SCOPE)) {
    return (
      <>
        <h1>Assignments</h1>
        <p className="alert alert--error">You do not have access to this page.</p>
      </>
    );
  }
  if (page.status === 'loading') return <Loading />;
  if (page.status === 'error')
    return <LoadError what="The assignment rules" error={page.error} onRetry={page.reload} />;
  const shown = rules ?? page.data.rules;

  const reload = async () => setRules(await fetchRules());
  const reloadAll = () =>
    void reload().catch(() => {
      setRules(null);
      page.reload();
    });
  const write = async (action: () => Promise<void>, failure: string) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      const answer = toApiFailure(error);
      toast.error(isStaleError(error) ? `${answer.message} The rules were reloaded.` : `${failure}: ${answer.message}`);
      if (isStaleError(error)) await reload().catch(() => undefined);
    } finally {
      setBusy(false);
    }
  };

  const actions: RuleActions = {
    move: (rule, offset) =>
      write(async () => {
        const ids = shown.map((r) => r.id);
        const from = ids.indexOf(rule.id);
        const to = from + offset;
        if (from < 0 || to < 0 || to >= ids.length) return;
        [ids[from], ids[to]] = [ids[to] ?? rule.id, rule.id];
        setRules(await reorderRules(ids));
      }, 'Not moved'),
    toggle: (rule) =>
      write(async () => {
        const saved = await setRuleEnabled(rule, !rule.enabled);
        setRules(shown.map((r) => (r.id === saved.id ? saved : r)));
        toast.success(`${saved.enabled ? 'Enabled' : 'Disabled'} “${saved.name}”`);
      }, 'Not changed'),
    edit: (rule) => setEditing(rule),
    remove: (rule) =>
      write(async () => {
        await deleteRule(rule);
        setRules(shown.filter((r) => r.id !== rule.id));
        if (editing !== 'new' && editing?.id === rule.id) setEditing(null);
        toast.success(`Deleted “${rule.name}”`);
      }, 'Not deleted'),
  };

  return (
    <>
      <div className="page-header">
        <div>
          <h1>Assignments</h1>
          <p className="page-header__lead">
            Routing rules for new submissions. They are tried from the top; the first enabled rule that matches assigns
            the ticket (status Assigned) to its user and/or role group.
          </p>
        </div>
        {editing === null ? (
          <Button type="button" variant="primary" onClick={() => setEditing('new')}>
            New rule
          </Button>
        ) : null}
      </div>
      {editing !== null ? (
        <RuleForm
          key={editing === 'new' ? 'new' : `${editing.id}:${editing.version}`}
          rule={editing === 'new' ? undefined : editing}
          areas={page.data.areas}
          properties={page.data.properties}
          assignees={page.data.assignees}
          onSaved={() => {
            setEditing(null);
            reloadAll();
          }}
          onCancel={() => setEditing(null)}
          onStale={() => {
            setEditing(null);
            reloadAll();
          }}
        />
      ) : null}
      <RuleTable rules={shown} areas={page.data.areas} actions={actions} isBusy={isBusy} />
    </>
  );
}
