import { render } from '@testing-library/react';
import { PrimeReactProvider } from 'primereact/api';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { PRIME_OPTIONS } from '../components/forms/primeOptions';
import { appRoutes } from '../router/routes';
import { SavedNotice } from '../shell/SavedNotice';
import { SignInDialog } from '../shell/SignInDialog';
import { contextStore } from '../stores/context';
import { clearErrors } from '../feedback/errors';

/** The routed console at `path`, as after login, with the stores as a fresh page has them. */
export function renderApp(path: string) {
  clearErrors();
  contextStore.status = 'loading';
  contextStore.providers = [];
  contextStore.sports = [];
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  // As App renders it: the sign-in dialog beside the router, over whatever page is open.
  const view = render(
    <PrimeReactProvider value={PRIME_OPTIONS}>
      <RouterProvider router={router} />
      <SignInDialog />
      <SavedNotice />
    </PrimeReactProvider>,
  );
  return { router, ...view };
}
