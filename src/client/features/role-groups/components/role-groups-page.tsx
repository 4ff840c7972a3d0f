import { useState } from 'react';
import type { RoleGroupDetail } from '../../../../shared/role-groups';
import { LoadError, Loading } from '../../../components/status-message';
import { toApiFailure } from '../../../lib/http';
import { toast } from '../../../lib/toast';
import { useResource } from '../../../lib/use-resource';
import { deleteRoleGroup, fetchRoleGroup, fetchRoleGroups, fetchScopes } from '../api';
import { memberSummary, memberSummaryTitle } from '../member-summary';
import { MembersPanel } from './members-panel';
import { RoleGroupForm } from './role-group-form';
import '../role-groups.css';
import { useDocumentTitle } from '../../../lib/document-title';
import { Button } from '../../../components/ui';

type Editing = { kind: 'none' } | { kind: 'new' } | { kind: 'group'; id: string };

/**
 * `/RoleGroups` (needs `rolegroups:manage`): every role group with its scopes, members and
 * identity-provider ids; create, edit (scope picker grouped by area), members (search, add,
 * remove) and delete after an explicit confirmation. Refusals from the API are shown as they come.
 */
export function RoleGroupsPage() {
  useDocumentTitle('Role groups');
  const [generation, setGeneration] = useState(0);
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const [confirming, setConfirming] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const groups = useResource(`groups:${generation}`, (signal) => fetchRoleGroups(signal));
  const vocabulary = useResource('scopes', (signal) => fetchScopes(signal));
  const selectedId = editing.kind === 'group' ? editing.id : '';
  const selected = useResource(`group:${selectedId}:${generation}`, (signal) =>
    selectedId ? fetchRoleGroup(selectedId, signal) : Promise.resolve(null),
  );
  const refresh = () => setGeneration((value) => value + 1);

  const handleSaved = (group: RoleGroupDetail) => {
    toast.success(`Role group “${group.name}” saved.`);
    setEditing({ kind: 'group', id: group.id });
    refresh();
  };
  const handleDelete = (id: string, name: string) => {
    setMessage(null);
    deleteRoleGroup(id).then(
      () => {
        toast.success(`Role group “${name}” deleted.`);
        setConfirming(null);
        if (selectedId === id) setEditing({ kind: 'none' });
        refresh();
      },
      (error: unknown) => {
        setConfirming(null);
        setMessage(toApiFailure(error).message);
      },
    );
  };

  return (
    <>
      <div className="page-header">
        <div>
          <h1>Role groups</h1>
          <p className="page-header__lead">
            Who may do what: each group grants its scopes to its members, to members of its identity-provider groups,
            and — for Employees — to everyone. Changes apply on each user’s next request.
          </p>
        </div>
        <Button type="button" variant="primary" onClick={() => setEditing({ kind: 'new' })}>
          New role group
        </Button>
      </div>
      {message ? (
        <p className="alert alert--error" role="alert">
          {message}
        </p>
      ) : null}
      {groups.status === 'loading' ? <Loading /> : null}
      {groups.status === 'error' ? (
        <LoadError what="The role groups" error={groups.error} onRetry={groups.reload} />
      ) : null}
      {groups.status === 'ready' ? (
        <div className="table-scroll" role="region" aria-label="Role groups" tabIndex={0}>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Description</th>
                <th scope="col">Scopes</th>
                <th scope="col">Members</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {groups.data.items.map((group) => (
                <tr key={group.id}>
                  <th scope="row">{group.name}</th>
                  <td>{group.description}</td>
                  <td>{group.scopes.join(', ') || '—'}</td>
                  <td title={memberSummaryTitle(group)}>{memberSummary(group)}</td>
                  <td>
                    <Button
                      type="button"
                      variant="quiet"
                      onClick={() => setEditing({ kind: 'group', id: group.id })}
                      aria-label={`Edit ${group.name}`}
                    >
                      Edit
                    </Button>{' '}
                    {confirming === group.id ? (
                      <span role="group" aria-label={`Confirm deleting ${group.name}`}>
                        Delete “{group.name}”?{' '}
                        <Button type="button" onClick={() => handleDelete(group.id, group.name)}>
                          Yes, delete
                        </Button>{' '}
                        <Button type="button" variant="quiet" onClick={() => setConfirming(null)}>
                          Keep it
                        </Button>
                      </span>
                    ) : (
                      <Button
                        type="button"
                        variant="quiet"
                        onClick={() => setConfirming(group.id)}
                        aria-label={`Delete ${group.name}`}
                      >
                        Delete
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {editing.kind !== 'none' && vocabulary.status === 'error' ? (
        <LoadError what="The scope list" error={vocabulary.error} onRetry={vocabulary.reload} />
      ) : null}
      {editing.kind === 'new' && vocabulary.status === 'ready' ? (
        <RoleGroupForm
          key="new"
          group={null}
          vocabulary={vocabulary.data.items}
          onSaved={handleSaved}
          onCancel={() => setEditing({ kind: 'none' })}
        />
      ) : null}
      {editing.kind === 'group' && selected.status === 'ready' && selected.data && vocabulary.status === 'ready' ? (
        <div className="role-group-editor">
          <RoleGroupForm
            key={`${selected.data.id}:${selected.data.version}`}
            group={selected.data}
            vocabulary={vocabulary.data.items}
            onSaved={handleSaved}
            onCancel={() => setEditing({ kind: 'none' })}
          />
          <MembersPanel group={selected.data} onChanged={refresh} />
        </div>
      ) : null}
      {editing.kind === 'group' && selected.status === 'error' ? (
        <LoadError what="The role group" error={selected.error} onRetry={selected.reload} />
      ) : null}
    </>
  );
}
