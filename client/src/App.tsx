import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { setHomeNavigation } from './api/navigation';
import { OfflineBanner } from './offline/OfflineBanner';
import { appRoutes } from './router/routes';
import { LoginScreen } from './screens/login/LoginScreen';
import { displayTokenOf } from './screens/wall/displayToken';
import { sessionStore } from './stores/session';

/**
 * Login until a token exists (SPEC §4); then the routed console. The path survives the login reload.
 * A wall display's address needs no login: its token is in the address.
 */
export function App() {
  const { authenticated } = useSnapshot(sessionStore);
  const isDisplay = window.location.pathname === '/wall' && displayTokenOf(window.location.hash) !== null;
  return (
    <>
      <OfflineBanner />
      {authenticated || isDisplay ? <RouterProvider router={appRouter()} /> : <LoginScreen />}
    </>
  );
}

let router: ReturnType<typeof createBrowserRouter> | undefined;

/** One router per page, made on first use (a router listens to history as soon as it exists). */
function appRouter() {
  if (!router) {
    router = createBrowserRouter(appRoutes);
    const created = router;
    // A 403 goes home within the app rather than by a full page load.
    setHomeNavigation(() => void created.navigate('/'));
  }
  return router;
}
