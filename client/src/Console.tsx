import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { setHomeNavigation } from './api/navigation';
import { appRoutes } from './router/routes';
import { SavedNotice } from './shell/SavedNotice';
import { SignInDialog } from './shell/SignInDialog';

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
  return (
    <>
      <RouterProvider router={appRouter()} />
      {operator ? (
        <>
          <SignInDialog />
          <SavedNotice />
        </>
      ) : null}
    </>
  );
}
