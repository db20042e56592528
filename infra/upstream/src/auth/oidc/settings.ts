import type { Environment } from '@odds/ops';

/**
 * Sign-in through the company's identity provider (OpenID Connect; docs/sso.md), read once at start
 * from OIDC_*. The redirect URI registered at the provider is `${publicUrl}/api/1/auth/oidc/callback`,
 * the address to come back to after its logout `${publicUrl}/login`.
 */
export interface SsoSettings {
  /** The issuer identifier as given (compared as text with the provider's own). */
  issuer: string;
  clientId: string;
  /** Null: a public client (PKCE only). */
  clientSecret: string | null;
  /** "Sign in with <displayName>". */
  displayName: string;
  scopes: string;
  /** 'invited': only accounts an admin invited may sign in; 'just-in-time': created at the first sign-in. */
  accounts: 'invited' | 'just-in-time';
  /** 'groups': role and providers from the groups claim through the mapping, at each sign-in; 'console': set on the Operators screen. */
  roles: 'groups' | 'console';
  groupsClaim: string;
  /** The console's address as the browser sees it (PUBLIC_URL). */
  publicUrl: string;
}

/** How the upstream signs operators in: passwords (PASSWORD_SIGN_IN), the identity provider, or both. */
export interface SignInSettings {
  password: boolean;
  sso: SsoSettings | null;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The settings; throws (naming the variable) on a combination no deployment could sign in with. */
type SignInEnvironment = Pick<
  Environment,
  | 'PASSWORD_SIGN_IN'
  | 'OIDC_ISSUER_URL'
  | 'OIDC_CLIENT_ID'
  | 'OIDC_CLIENT_SECRET'
  | 'OIDC_DISPLAY_NAME'
  | 'OIDC_SCOPES'
  | 'OIDC_ACCOUNTS'
  | 'OIDC_ROLES'
  | 'OIDC_GROUPS_CLAIM'
>;

export function signInSettings(env: SignInEnvironment, publicUrl: string): SignInSettings {
  const password = env.PASSWORD_SIGN_IN;
  const sso = ssoSettings(env, publicUrl);
  if (!password && !sso) throw new Error('PASSWORD_SIGN_IN=off needs OIDC_ISSUER_URL and OIDC_CLIENT_ID: nobody could sign in otherwise');
  return { password, sso };
}

function ssoSettings(env: SignInEnvironment, publicUrl: string): SsoSettings | null {
  if (!env.OIDC_ISSUER_URL && !env.OIDC_CLIENT_ID) return null;
  if (!env.OIDC_ISSUER_URL || !env.OIDC_CLIENT_ID) throw new Error('OIDC_ISSUER_URL and OIDC_CLIENT_ID go together: give both (or neither)');
  const issuer = new URL(env.OIDC_ISSUER_URL);
  // Tokens and the client secret travel to the issuer: plain http only to this machine (the local test provider).
  if (issuer.protocol !== 'https:' && !LOOPBACK.has(issuer.hostname)) {
    throw new Error(`OIDC_ISSUER_URL must be an https:// URL (http:// only on loopback), got '${env.OIDC_ISSUER_URL}'`);
  }
  const scopes = new Set(['openid', ...env.OIDC_SCOPES.split(' ').filter(Boolean)]);
  return {
    issuer: env.OIDC_ISSUER_URL,
    clientId: env.OIDC_CLIENT_ID,
    clientSecret: env.OIDC_CLIENT_SECRET ?? null,
    displayName: env.OIDC_DISPLAY_NAME,
    scopes: [...scopes].join(' '),
    accounts: env.OIDC_ACCOUNTS,
    roles: env.OIDC_ROLES,
    groupsClaim: env.OIDC_GROUPS_CLAIM,
    publicUrl: publicUrl.replace(/\/+$/, ''),
  };
}

/** Whether requests to the issuer may go over plain http (loopback only; see signInSettings). */
export const insecureIssuer = (settings: SsoSettings) => new URL(settings.issuer).protocol === 'http:';
