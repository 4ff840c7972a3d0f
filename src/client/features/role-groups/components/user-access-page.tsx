import { Link, useParams } from 'react-router';
import { LoadError, Loading } from '../../../components/status-message';
import { paths } from '../../../config/paths';
import { useResource } from '../../../lib/use-resource';
import { fetchUserAccess } from '../api';
import { useDocumentTitle } from '../../../lib/document-title';

const VIA_LABEL = {
  member: 'member',
  everyone: 'everyone',
  'idp-group': 'identity-provider group',
  'group-map': 'OIDC_GROUP_MAP',
} as const;

/** `/RoleGroups/Access/:userId` (needs `rolegroups:manage`): a user's effective scopes and which group grants each. */
export function UserAccessPage() {
  const { userId = '' } = useParams();
  const access = useResource(`access:${userId}`, (signal) => fetchUserAccess(userId, signal));
  useDocumentTitle(access.status === 'ready' ? `Access of ${access.data.user.name}` : undefined);
  return (
    <>
      <p>
        <Link to={paths.roleGroups}>← Role groups</Link>
      </p>
      {access.status === 'loading' ? <Loading /> : null}
      {access.status === 'error' ? (
        <LoadError what="The user's access" error={access.error} onRetry={access.reload} />
      ) : null}
      {access.status === 'ready' ? (
        <>
          <div className="page-header">
            <div>
              <h1>Access of {access.data.user.name}</h1>
              <p className="page-header__lead">
                {access.data.user.email ?? 'No e-mail'} · identity-provider groups:{' '}
                {access.data.idpGroups === null ? 'not seen yet' : access.data.idpGroups.join(', ') || 'none'}
              </p>
            </div>
          </div>
          <h2>Role groups</h2>
          <ul>
            {access.data.groups.map((group) => (
              <li key={group.id}>
                {group.name} <span>({group.via.map((via) => VIA_LABEL[via]).join(', ')})</span>
              </li>
            ))}
          </ul>
          <h2>Effective scopes</h2>
          <div className="table-scroll" role="region" aria-label="Effective scopes" tabIndex={0}>
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Scope</th>
                  <th scope="col">Granted by</th>
                </tr>
              </thead>
              <tbody>
                {access.data.scopes.map((row) => (
                  <tr key={row.scope}>
                    <th scope="row">
                      <code>{row.scope}</code>
                    </th>
                    <td>{row.groups.join(', ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </>
  );
}
