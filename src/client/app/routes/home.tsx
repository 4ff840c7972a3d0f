/**
 * Route module of `/` (see the placement rule in app/router.tsx): the home feature's page with the
 * content feature's announcements beside it and, for handlers, the sla feature's "Breaching soonest".
 */
import { Announcements } from '../../features/content/components/announcements';
import { HomePage } from '../../features/home/components/home-page';
import { lazyComponent } from '../../lib/lazy-component';

// Only handlers see it: a chunk of its own keeps everyone else's home page within its budget.
const { Component: BreachingSoonest } = lazyComponent(
  () => import('../../features/sla/components/breaching-soonest'),
  'BreachingSoonest',
);

export default function HomeRoute() {
  return <HomePage aside={<Announcements />} forHandlers={<BreachingSoonest />} />;
}
