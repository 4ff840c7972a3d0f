import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { startProgress } from '../lib/progress';
import { ToastHost } from '../lib/toast';
import { SessionProvider } from '../lib/session/session-provider';
import { FocusMainHeading } from './shell/focus-main-heading';
import { ScrollToTarget } from './shell/scroll-to-target';

function NavigationProgress() {
  const navigation = useNavigation();
  const isBusy = navigation.state !== 'idle';
  useEffect(() => (isBusy ? startProgress() : undefined), [isBusy]);
  return null;
}

/**
 * The root of every page: session, scroll to top (or to the hash) on navigation, the focus on
 * the new page's heading, the navigation progress bar and the one toast container.
 */
export function RootLayout() {
  return (
    <SessionProvider>
      <ScrollRestoration />
      <ScrollToTarget />
      <FocusMainHeading />
      <NavigationProgress />
      <Outlet />
      <ToastHost />
    </SessionProvider>
  );
}
