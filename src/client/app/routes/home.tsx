/**
 * Route module of `/` (see the placement rule in app/router.tsx): the home feature's page with the
 * content feature's announcements beside it and, for handlers, the sla feature's "Breaching soonest".
 */
import { lazy, Suspense } from 'react';
import { Announcements } from '../../features/content/components/announcements';
import { HomePage } from '../../features/home/components/home-page';

// Only handlers see it: a chunk of its own keeps everyone else's home page within its budget.
const BreachingSoonest = lazy(async () => ({
  default: (await import('../../features/sla/components/breaching-soonest')).BreachingSoonest,
}));

export default function HomeRoute() {
  return (
    <HomePage
      aside={<Announcements />}
      forHandlers={
        <Suspense fallback={null}>
          <BreachingSoonest />
        </Suspense>
      }
    />
  );
}
