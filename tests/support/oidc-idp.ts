import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

/**
 * A real OpenID Provider on loopback for tests and staging: panva's oidc-provider (a certified
 * implementation) with its in-memory adapter, one confidential client (the console), a few users
 * with passwords and groups, and a plain login page that checks the password. Nothing in it mocks
 * the protocol: discovery, JWKS, authorization with PKCE, the token endpoint, ID tokens and
 * RP-initiated logout are the library's. Its pages load nothing from elsewhere.
 */
interface IdpUser {
  /** The `sub` of the user's tokens. */
  id: string;
  email: string;
  name: string;
  password: string;
  groups: string[];
  /** False: the provider says the address is not verified (default true). */
  emailVerified?: boolean;
}

export interface TestIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  users: Map<string, IdpUser>;
  /** A change of the directory: the user's groups from now on (their next sign-in carries them). */
  setGroups(id: string, groups: string[]): void;
  close(): Promise<void>;
}

interface TestIdpOptions {
  /**
   * The addresses of the consoles that sign in here (their PUBLIC_URL): each one's callback
   * (`/api/1/auth/oidc/callback`) and post-logout address (`/login`) are registered.
   */
  consoles: string[];
  users: IdpUser[];
  port?: number;
  host?: string;
  clientId?: string;
  clientSecret?: string;
}

/** The claims a scope releases; `groups` is a scope of its own, as at Okta (docs/sso.md). */
const CLAIMS = { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'] };

const page = (title: string, body: string) =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
const htmlText = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function loginPage(uid: string, message?: string): string {
  return page(
    'Test identity provider',
    `${message ? `<p role="alert">${htmlText(message)}</p>` : ''}
    <form method="post" action="/interaction/${htmlText(uid)}/login">
      <label>Username <input name="login" autocomplete="username" autofocus></label>
      <label>Password <input name="password" type="password" autocomplete="current-password"></label>
      <button type="submit">Sign in</button>
    </form>`,
  );
}

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startTestIdp(options: TestIdpOptions): Promise<TestIdp> {
  const users = new Map(options.users.map((user) => [user.id, { ...user }]));
  const clientId = options.clientId ?? 'odds-console';
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('base64url');
  const host = options.host ?? '127.0.0.1';
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const issuer = `http://${host}:${(server.address() as AddressInfo).port}`;
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.consoles.map((url) => `${url}/api/1/auth/oidc/callback`),
        post_logout_redirect_uris: options.consoles.map((url) => `${url}/login`),
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...signingKey, kid: 'test-idp', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: CLAIMS,
    scopes: ['openid', 'email', 'profile', 'groups'],
    // The claims of the scopes asked for go into the ID token itself (the console reads no userinfo).
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.body = page(
            'Sign out of the test identity provider?',
            `${form}<button type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button>`,
          );
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.body = page('Signed out', '<p>You are signed out of the test identity provider.</p>');
        },
      },
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = page('Error', `<p>${htmlText(String(out.error))}: ${htmlText(String(out.error_description ?? ''))}</p>`);
    },
    // A first-party client: no consent screen; the grant covers what the console asks for.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { oidc } = ctx;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session!.grantIdFor(oidc.client!.clientId);
      if (grantId) return oidc.provider.Grant.find(grantId);
      const grant = new oidc.provider.Grant({ clientId: oidc.client!.clientId, accountId: oidc.session!.accountId! });
      grant.addOIDCScope('openid email profile groups');
      await grant.save();
      return grant;
    },
    findAccount: async (_ctx, sub) => {
      const user = users.get(sub);
      if (!user) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ sub, email: user.email, email_verified: user.emailVerified !== false, name: user.name, groups: [...user.groups] }),
      };
    },
  };
  const provider = new Provider(issuer, configuration);
  const oidcCallback = provider.callback();

  // The login interaction: the provider sends the browser to /interaction/:uid; the form posts the password.
  const interaction = async (req: IncomingMessage, res: ServerResponse, uid: string, submit: boolean) => {
    const html = (status: number, body: string) => res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    if (!submit) return html(200, loginPage(uid));
    const form = await formBody(req);
    const user = [...users.values()].find((candidate) => candidate.id === form.get('login') || candidate.email === form.get('login'));
    if (!user || user.password !== form.get('password')) return html(200, loginPage(uid, 'Wrong username or password'));
    await provider.interactionFinished(req, res, { login: { accountId: user.id } }, { mergeWithLastSubmission: false });
  };
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec((req.url ?? '').split('?')[0]!);
    const handled = match ? interaction(req, res, match[1]!, req.method === 'POST' && Boolean(match[2])) : oidcCallback(req, res);
    Promise.resolve(handled).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' }).end(String((error as Error).message));
    });
  });

  return {
    issuer,
    clientId,
    clientSecret,
    users,
    setGroups(id, groups) {
      const user = users.get(id);
      if (!user) throw new Error(`no user ${id} at the test identity provider`);
      user.groups = [...groups];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
