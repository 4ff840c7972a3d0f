/**
 * Route module of `/` (see the placement rule in app/router.tsx): the home feature's page with the
 * content feature's announcements beside it and, for handlers, the sla feature's "Breaching soonest".
 */
import { Announcements } from '../../features/content/components/announcements';
import { HomePage } from '../../features/home/components/home-page';
import { BreachingSoonest } from '../../features/sla/components/breaching-soonest';

export default function HomeRoute() {
  return <HomePage aside={<Announcements />} forHandlers={<BreachingSoonest />} />;
}
