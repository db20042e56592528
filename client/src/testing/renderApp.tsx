import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { appRoutes } from '../router/routes';
import { contextStore } from '../stores/context';
import { clearErrors } from '../stores/errors';

/** The routed console at `path`, as after login, with the stores as a fresh page has them. */
export function renderApp(path: string) {
  clearErrors();
  contextStore.status = 'loading';
  contextStore.providers = [];
  contextStore.sports = [];
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  return { router, ...render(<RouterProvider router={router} />) };
}
