import { Link } from 'react-router';
import { canSubmitSomeForm } from '../../../shared/scopes';
import { Loading } from '../../components/status-message';
import { APP_TITLE } from '../../config/env';
import { paths } from '../../config/paths';
import { useSession } from '../session/session-context';

/**
 * Home (`/`, open to everyone, also the sign-out destination): a greeting with the main
 * entry points when signed in — "Fill in a form" only for users whose scopes let them submit a
 * form (shared `hasScope` rule, spec §6) — and a sign-in call to action when not.
 */
export default function HomePage() {
  const session = useSession();
  if (session.status === 'loading') return <Loading />;
  if (!session.user) {
    return (
      <section className="hero" aria-labelledby="home-title">
        <h1 id="home-title">{APP_TITLE}</h1>
        <p className="hero__lead">Request forms and tickets for every department, in one place.</p>
        <button type="button" className="button button--primary button--large" onClick={() => void session.signIn(paths.home)}>
          Sign in
        </button>
      </section>
    );
  }
  const firstName = session.user.name.split(/\s+/)[0] || session.user.name;
  return (
    <section aria-labelledby="home-title">
      <div className="page-header">
        <div>
          <h1 id="home-title">Welcome, {firstName}</h1>
          <p className="page-header__lead">What would you like to do?</p>
        </div>
      </div>
      <ul className="card-grid card-grid--actions">
        {canSubmitSomeForm(session.user) ? (
          <li className="card">
            <h2 className="card__title">
              <Link to={paths.forms} className="card__link">
                Fill in a form
              </Link>
            </h2>
            <p className="card__text">Browse the request forms of every department and submit a new request.</p>
          </li>
        ) : null}
        <li className="card">
          <h2 className="card__title">
            <Link to={paths.tickets} className="card__link">
              Follow your requests
            </Link>
          </h2>
          <p className="card__text">Every submission becomes a ticket. Open a form’s list to see its submissions.</p>
        </li>
      </ul>
    </section>
  );
}
