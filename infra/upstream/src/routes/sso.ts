import type { FastifyInstance, FastifyReply } from 'fastify';
import { eq } from 'drizzle-orm';
import { routes, type SsoRefusal } from '@odds/protocol';
import { SsoFlows, newBrowserKey } from '../auth/oidc/flows';
import { SsoRefused, type IdentityProvider } from '../auth/oidc/provider';
import type { SignInSettings } from '../auth/oidc/settings';
import { signInAccount } from '../auth/oidc/sign-in';
import { signedInReply } from '../auth/session-reply';
import type { SessionStore } from '../auth/sessions';
import { clientAddress } from '../auth/throttle';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { Errors } from '../errors';
import { implement } from '../http/implement';

/** The cookie binding a sign-in under way to the browser that started it (only under the callback's path). */
const COOKIE = 'odds_sso';
const COOKIE_PATH = '/api/1/auth/oidc';
const FLOW_COOKIE_S = 600;

/** A `next` page the login screen may go to after the sign-in: a path of this console, never another origin. */
const pathOrNull = (next: string | undefined) => (next && /^\/(?![/\\])[^\s\\]*$/.test(next) ? next : null);

function cookieOf(header: string | undefined): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE) return value.join('=');
  }
  return undefined;
}

/**
 * Sign-in through the company's identity provider (docs/sso.md). Start: a new attempt (state,
 * nonce, PKCE verifier) is kept in the database under its state, bound to this browser by a random
 * cookie, and the browser goes to the provider. Callback: the state must name an attempt of this
 * very browser (taken once), the code is traded with the verifier and the ID token checked (nonce
 * included); the account is found, linked or created and given what its groups grant; the browser
 * goes back to /login with a one-time ticket after '#' (never sent to a server by the browser),
 * which the login screen trades for a session (`ssoComplete`) exactly as a password login ends.
 */
export async function ssoRoutes(
  app: FastifyInstance,
  { db, sessions, signIn, provider }: { db: Db; sessions: SessionStore; signIn: SignInSettings; provider: IdentityProvider | null },
) {
  const flows = new SsoFlows(db);
  const secure = signIn.sso?.publicUrl.startsWith('https:') ? '; Secure' : '';
  const cookie = (value: string, maxAge: number) => `${COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
  // The callback's address holds the code: no cache keeps it, no page it leads to is told it.
  const noTrace = (reply: FastifyReply) => reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
  // A callback naming no sign-in of this browser leaves its cookie: a forged one cannot cancel the sign-in under way.
  const refuse = (reply: FastifyReply, code: SsoRefusal) => {
    noTrace(reply);
    if (code !== 'state') reply.header('set-cookie', cookie('', 0));
    return reply.redirect(`/login#sso_error=${code}`, 302) as unknown as string;
  };

  implement(app, routes.authMethods, async () => ({ password: signIn.password, sso: signIn.sso ? { name: signIn.sso.displayName } : null }));

  implement(app, routes.ssoStart, async ({ query, reply, request }) => {
    if (!provider) throw new Errors.SsoNotConfigured();
    let begun: Awaited<ReturnType<IdentityProvider['begin']>>;
    try {
      begun = await provider.begin();
    } catch (error) {
      request.log.warn({ err: error }, 'identity provider unavailable');
      return refuse(reply, 'unavailable');
    }
    const browser = newBrowserKey();
    await flows.open(begun.attempt, browser, { next: pathOrNull(query.next), inWindow: query.window === '1' });
    noTrace(reply).header('set-cookie', cookie(browser, FLOW_COOKIE_S));
    return reply.redirect(begun.url, 302) as unknown as string;
  });

  implement(app, routes.ssoCallback, async ({ query, request, reply }) => {
    if (!provider || !signIn.sso) throw new Errors.SsoNotConfigured();
    const attempt = query.state ? await flows.take(query.state, cookieOf(request.headers.cookie)) : null;
    if (!attempt) {
      request.log.warn('identity provider callback refused: no sign-in of this browser has that state');
      return refuse(reply, 'state');
    }
    let signedIn: Awaited<ReturnType<IdentityProvider['finish']>>;
    try {
      // The query exactly as the provider wrote it: openid-client reads code, state, iss and error from it.
      signedIn = await provider.finish(request.raw.url!.slice(request.raw.url!.indexOf('?')), attempt);
    } catch (error) {
      const code = error instanceof SsoRefused ? error.code : 'code';
      request.log.warn({ err: (error as Error).cause ?? error, code }, 'identity provider callback refused');
      return refuse(reply, code);
    }
    const account = await signInAccount(db, signIn.sso, signedIn.claims);
    if ('refused' in account) {
      request.log.warn({ code: account.refused }, 'identity provider sign-in refused');
      return refuse(reply, account.refused);
    }
    // Its role may have changed: its other sessions are read afresh at their next call.
    sessions.forgetUser(account.userId);
    const ticket = await flows.ticket(account.userId, signedIn.idToken);
    const back = new URLSearchParams({ ...(attempt.next && { next: attempt.next }), ...(attempt.inWindow && { window: '1' }) }).toString();
    noTrace(reply).header('set-cookie', cookie('', 0));
    return reply.redirect(`/login${back ? `?${back}` : ''}#sso=${ticket}`, 302) as unknown as string;
  });

  implement(app, routes.ssoComplete, async ({ body, request }) => {
    const redeemed = await flows.redeem(body.ticket);
    const [row] = redeemed ? await db.select().from(users).where(eq(users.id, redeemed.userId)) : [];
    if (!redeemed || !row || row.status !== 'active') throw new Errors.SsoTicketInvalid();
    const address = clientAddress(request.socket.remoteAddress, request.headers['x-forwarded-for']);
    const result = await sessions.open(row, { address, userAgent: request.headers['user-agent'] }, redeemed.idToken);
    return signedInReply(result);
  });
}

/** With PASSWORD_SIGN_IN=off, every route that takes or sets a password answers 403 saying how to sign in instead. */
export function installPasswordSwitch(app: FastifyInstance, signIn: SignInSettings): void {
  if (signIn.password) return;
  const refused = new Set([routes.authenticate, routes.passwordSet, routes.passwordChange].map((route) => `${route.method} ${route.path}`));
  const name = signIn.sso?.displayName ?? 'single sign-on';
  app.addHook('onRequest', async (request) => {
    if (refused.has(`${request.method} ${request.routeOptions.url}`)) throw new Errors.PasswordSignInOff(name);
  });
}
