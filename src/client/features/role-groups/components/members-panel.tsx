import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { RoleGroupDetail, UserSummary } from '../../../../shared/role-groups';
import { userAccessPath } from '../../../config/paths';
import { toApiFailure } from '../../../lib/http';
import { addRoleGroupMember, removeRoleGroupMember, searchUsers } from '../api';
import { Button, SearchInput } from '../../../components/ui';

/**
 * A group's explicit members with "Remove", and a search by name or e-mail (`GET /api/users`)
 * whose results can be added. Calls `onChanged` after each change so the page reloads the group.
 * Refusals (e.g. the last member of Administrators, 409) are shown as an alert.
 */
export function MembersPanel({ group, onChanged }: { group: RoleGroupDetail; onChanged: () => void }) {
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<UserSummary[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const run = (action: Promise<unknown>) => {
    setMessage(null);
    action.then(onChanged, (error: unknown) => setMessage(toApiFailure(error).message));
  };
  const handleSearch = (event: FormEvent) => {
    event.preventDefault();
    searchUsers(query).then(
      (page) => setResults(page.items),
      (error: unknown) => setMessage(toApiFailure(error).message),
    );
  };
  const memberIds = new Set(group.members.map((member) => member.id));
  return (
    <section className="members-panel" aria-label={`Members of ${group.name}`}>
      <h2>Members of “{group.name}”</h2>
      {group.includesEveryone ? <p className="note">Everyone who signs in belongs to this group.</p> : null}
      {group.idpGroupIds.length ? (
        <p className="note">Also everyone in the identity-provider groups {group.idpGroupIds.join(', ')}.</p>
      ) : null}
      {message ? (
        <p className="alert alert--error" role="alert">
          {message}
        </p>
      ) : null}
      {group.members.length ? (
        <ul className="members-panel__list">
          {group.members.map((member) => (
            <li key={member.id}>
              <Link to={userAccessPath(member.id)}>{member.name}</Link>{' '}
              {member.email ? <span>({member.email})</span> : null}{' '}
              <Button
                type="button"
                variant="quiet"
                onClick={() => run(removeRoleGroupMember(group.id, member.id))}
                aria-label={`Remove ${member.name}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-state">No members added by hand.</p>
      )}
      <form className="search-box" role="search" onSubmit={handleSearch}>
        <label>
          Find a user by name or e-mail{' '}
          <SearchInput value={query} onChange={(e) => setQuery(e.target.value)} maxLength={200} />
        </label>{' '}
        <Button type="submit">Search</Button>
      </form>
      {results ? (
        results.length ? (
          <ul className="members-panel__results" aria-label="Users found">
            {results.map((user) => (
              <li key={user.id}>
                <Link to={userAccessPath(user.id)}>{user.name}</Link> {user.email ? <span>({user.email})</span> : null}{' '}
                {memberIds.has(user.id) ? (
                  <em>already a member</em>
                ) : (
                  <Button
                    type="button"
                    onClick={() => run(addRoleGroupMember(group.id, user.id))}
                    aria-label={`Add ${user.name}`}
                  >
                    Add
                  </Button>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="empty-state">No user matches. Users appear here after their first sign-in.</p>
        )
      ) : null}
    </section>
  );
}
