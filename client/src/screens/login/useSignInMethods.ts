import { useEffect, useState } from 'react';
import type { AuthMethods } from '@odds/protocol';
import { completeSso } from '../../stores/session';

/** Until the server says otherwise (or cannot be asked), a console signs in with a password. */
const PASSWORD_ONLY: AuthMethods = { password: true, sso: null };

/** How this console signs in (GET /api/1/auth/methods); null until the server answers. */
export function useAuthMethods(): AuthMethods | null {
  const [methods, setMethods] = useState<AuthMethods | null>(null);
  useEffect(() => {
    let live = true;
    Promise.all([import('../../api/client'), import('@odds/protocol')])
      .then(([{ api }, { routes }]) => api(routes.authMethods, { silent: true }))
      .then((found) => live && setMethods(found))
      .catch(() => live && setMethods(PASSWORD_ONLY));
    return () => {
      live = false;
    };
  }, []);
  return methods;
}

/**
 * How this console signs in (useAuthMethods), and the end of a sign-in through the
 * identity provider: its callback comes back to /login with a one-time ticket (`#sso=`), traded
 * here for a session, or with the code of a refusal (`#sso_error=`), shown in the operator's
 * words. Either is wiped from the address bar at once (the fragment never reaches a server).
 */
export function useSignInMethods() {
  const methods = useAuthMethods();
  const [message, setMessage] = useState<string | null>(null);
  const [completing, setCompleting] = useState(false);

  useEffect(() => {
    let live = true;
    const protocol = import('@odds/protocol');
    const fragment = new URLSearchParams(window.location.hash.slice(1));
    const ticket = fragment.get('sso');
    const refusal = fragment.get('sso_error');
    if (ticket || refusal) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    if (ticket) {
      setCompleting(true);
      completeSso(ticket).catch((error: unknown) => {
        if (!live) return;
        setMessage(error instanceof Error ? error.message : String(error));
        setCompleting(false);
      });
    } else if (refusal) {
      void protocol.then(({ ssoRefusals }) => {
        if (live) setMessage((ssoRefusals as Record<string, string>)[refusal] ?? 'The sign-in through the identity provider did not complete. Start again.');
      });
    }
    return () => {
      live = false;
    };
  }, []);

  return { methods, message, completing };
}

/** Where the sign-in button sends the browser: the start of the provider's sign-in, with the page to come back to. */
export function ssoStartUrl(search: string): string {
  return ssoStartUrlFor(new URLSearchParams(search).get('next'));
}

/**
 * The start of the provider's sign-in that comes back to `next` (a console path), or home;
 * `inWindow`: in a window of its own, which the login screen closes once the session is stored.
 */
export function ssoStartUrlFor(next: string | null, inWindow = false): string {
  const query = new URLSearchParams({ ...(next && { next }), ...(inWindow && { window: '1' }) }).toString();
  return `/api/1/auth/oidc/start${query ? `?${query}` : ''}`;
}
