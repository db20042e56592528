import { lazy, Suspense, useEffect, useRef } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { setHomeNavigation } from './api/navigation';
import { expiryStore } from './api/sessionExpiry';
import { appRoutes } from './router/routes';
import { liveSocket } from './live/liveSocket';
import { AccountDisabled } from './shell/AccountDisabled';
import { SavedNotice } from './shell/SavedNotice';
import { sessionEndStore } from './stores/sessionEnd';
import { dialogLoaders } from './shell/dialogLoaders';

// The sign-in dialog's code (PrimeReact's Dialog) loads apart from the console, when the shell is idle.
const SignInDialog = lazy(dialogLoaders.signIn);

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

/**
 * The routed console (shell, menus, screens): loaded only once logged in, so the login page stays
 * light. An operator's console also has the sign-in dialog over the page, so a session that ends
 * keeps the page as it is, and the "Saved" notice; a wall display has neither.
 */
export default function Console({ operator }: { operator: boolean }) {
  const { reason } = useSnapshot(sessionEndStore);
  // The live socket tells an operator's console when an admin ends its session (sessionEnd.ts).
  useEffect(() => {
    if (operator) liveSocket();
  }, [operator]);
  if (reason === 'disabled') return <AccountDisabled />;
  return (
    <>
      <RouterProvider router={appRouter()} />
      {operator ? (
        <>
          <SessionEndedDialog />
          <SavedNotice />
        </>
      ) : null}
    </>
  );
}

/** The sign-in dialog, once the session has ended (then kept, so it closes as a dialog does). */
function SessionEndedDialog() {
  const { expired } = useSnapshot(expiryStore);
  const needed = useRef(false);
  if (expired) needed.current = true;
  return needed.current ? (
    <Suspense fallback={null}>
      <SignInDialog />
    </Suspense>
  ) : null;
}
