/**
 * Route module of `/` (see the placement rule in app/router.tsx): the home feature's page with the
 * content feature's announcements beside it.
 */
import { Announcements } from '../../features/content/components/announcements';
import { HomePage } from '../../features/home/components/home-page';

export default function HomeRoute() {
  return <HomePage aside={<Announcements />} />;
}
