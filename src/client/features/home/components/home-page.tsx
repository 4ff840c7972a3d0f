import { isHTTPError } from 'ky';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AreaSummary } from '../../../../shared/area';
import { canSubmitSomeForm, hasScope, TICKETS_WORK_SCOPE } from '../../../../shared/scopes';
import { LoadError, Loading } from '../../../components/status-message';
import { APP_TITLE } from '../../../config/env';
import { areaCreatePath, paths } from '../../../config/paths';
import { fetchAreas } from '../../../lib/area-api';
import { useSession } from '../../../lib/session/session-context';
import { useResource } from '../../../lib/use-resource';
import { fetchAssignedTickets, fetchMyActivity } from '../api';
import { SubmissionLinks } from './submission-links';
import { useDocumentTitle } from '../../../lib/document-title';
import { Button, ButtonLink } from '../../../components/ui';

type HomeData = Awaited<ReturnType<typeof loadHome>>;

async function loadHome(signal: AbortSignal) {
  const [activity, assigned, areas] = await Promise.all([
    fetchMyActivity(signal),
    // offline with nothing cached yet: the rest of the home page still shows
    fetchAssignedTickets(signal).catch((error: unknown) => {
      if (isHTTPError(error)) throw error;
      return null;
    }),
    fetchAreas().catch((): AreaSummary[] => []),
  ]);
  return { activity, assigned, areas };
}

type HomeOptions = { canSubmit: boolean; isHandler: boolean; forHandlers?: ReactNode };

function SignedInHome({
  firstName,
  canSubmit,
  isHandler,
  aside,
  forHandlers,
}: { firstName: string; aside: ReactNode } & HomeOptions) {
  const home = useResource('home', loadHome);
  return (
    <section aria-labelledby="home-title">
      <div className="page-header">
        <div>
          <h1 id="home-title">Welcome, {firstName}</h1>
          <p className="page-header__lead">What would you like to do?</p>
        </div>
        <div className="page-header__actions">
          {canSubmit ? (
            <ButtonLink to={paths.forms} variant="primary">
              Fill in a form
            </ButtonLink>
          ) : null}
          <ButtonLink to={paths.tickets}>Tickets</ButtonLink>
        </div>
      </div>
      <div className="home-grid">
        <div className="home-grid__main">
          {home.status === 'loading' ? <Loading /> : null}
          {home.status === 'error' ? <LoadError what="Your requests" error={home.error} onRetry={home.reload} /> : null}
          {isHandler ? forHandlers : null}
          {home.status === 'ready' ? <HomeLists data={home.data} canSubmit={canSubmit} isHandler={isHandler} /> : null}
        </div>
        {/* below 1024 px the side follows the lists: invisible until they are in, so it never moves on screen */}
        <div className="home-grid__side" style={home.status === 'loading' ? { visibility: 'hidden' } : undefined}>
          {aside}
        </div>
      </div>
    </section>
  );
}

function HomeLists({ data, canSubmit, isHandler }: { data: HomeData } & HomeOptions) {
  const { activity, assigned, areas } = data;
  const titles = new Map(areas.map((area) => [area.key, area.title]));
  const parents = new Map(areas.flatMap((area) => (area.parent ? [[area.key, area.parent] as const] : [])));
  const quickLinks = activity.mostUsed.filter((used) => !parents.has(used.area));
  return (
    <>
      {canSubmit && quickLinks.length > 0 ? (
        <section className="home-section" aria-labelledby="quick-links-title">
          <h2 id="quick-links-title">Your most used forms</h2>
          <ul className="quick-links">
            {quickLinks.map((used) => (
              <li key={used.area}>
                <ButtonLink to={areaCreatePath({ area: used.area })}>
                  New {titles.get(used.area) ?? used.area}
                </ButtonLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="home-section" aria-labelledby="open-title">
        <h2 id="open-title">Your open requests</h2>
        <SubmissionLinks items={activity.open} parentAreas={parents} empty="You have no open requests." />
        <p className="home-section__more">
          <Link to={paths.myRequests}>All your requests and what they are waiting for</Link>
        </p>
      </section>
      {isHandler || (assigned?.length ?? 0) > 0 ? (
        <section className="home-section" aria-labelledby="assigned-title">
          <h2 id="assigned-title">Assigned to you and your groups</h2>
          {assigned === null ? (
            <p className="note">Your assigned tickets cannot be loaded without a connection.</p>
          ) : (
            <SubmissionLinks
              items={assigned}
              parentAreas={parents}
              empty="No open tickets are assigned to you or your groups."
            />
          )}
        </section>
      ) : null}
      <section className="home-section" aria-labelledby="recent-title">
        <h2 id="recent-title">Your recent submissions</h2>
        <SubmissionLinks items={activity.recent} parentAreas={parents} empty="You have not submitted a form yet." />
      </section>
    </>
  );
}

/**
 * Home (`/`, open to everyone, also the sign-out destination). Signed in: entry points, quick
 * links to the user's most used forms, their open requests, the open tickets assigned to them or
 * their groups (linking to the ticket view; the section is left out for a user who handles no
 * tickets and has none assigned), their recent submissions, and `aside` (the route module passes
 * the announcements of the content feature). `forHandlers` shows above the lists to a user who
 * works tickets only (the route module passes the sla feature's "Breaching soonest"). Signed out:
 * the sign-in call to action and `aside`.
 */
export function HomePage({ aside, forHandlers }: { aside: ReactNode; forHandlers?: ReactNode }) {
  useDocumentTitle('Home');
  const session = useSession();
  if (session.status === 'loading') return <Loading />;
  if (!session.user) {
    return (
      <div className="home-grid">
        <section className="hero" aria-labelledby="home-title">
          <h1 id="home-title">{APP_TITLE}</h1>
          <p className="hero__lead">Request forms and tickets for every department, in one place.</p>
          <Button
            type="button"
            variant="primary"
            className="button--large"
            onClick={() => void session.signIn(paths.home)}
          >
            Sign in
          </Button>
        </section>
        <div className="home-grid__side">{aside}</div>
      </div>
    );
  }
  const firstName = session.user.name.split(/\s+/)[0] || session.user.name;
  return (
    <SignedInHome
      firstName={firstName}
      canSubmit={canSubmitSomeForm(session.user)}
      isHandler={hasScope(session.user, TICKETS_WORK_SCOPE)}
      aside={aside}
      forHandlers={forHandlers}
    />
  );
}
