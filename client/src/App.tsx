import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { setHomeNavigation } from './api/navigation';
import { appRoutes } from './router/routes';
import { LoginScreen } from './screens/login/LoginScreen';
import { SavedNotice } from './shell/SavedNotice';
import { SignInDialog } from './shell/SignInDialog';
import { sessionStore } from './stores/session';

/** Login until a token exists (SPEC §4); then the routed console. The path survives the login reload. */
export function App() {
  const { authenticated } = useSnapshot(sessionStore);
  if (!authenticated) return <LoginScreen />;
  // The sign-in dialog sits over the page, so a session that ends keeps the page as it is.
  return (
    <>
      <RouterProvider router={appRouter()} />
      <SignInDialog />
      <SavedNotice />
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
