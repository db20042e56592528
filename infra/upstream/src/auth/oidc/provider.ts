import * as oidc from 'openid-client';
import { insecureIssuer, type SsoSettings } from './settings';

/** The address the identity provider sends the browser back to (registered there as the redirect URI). */
const callbackUrl = (settings: SsoSettings) => `${settings.publicUrl}/api/1/auth/oidc/callback`;
/** Where the provider's logout sends the browser back (registered there as a post-logout redirect URI). */
const afterLogoutUrl = (settings: SsoSettings) => `${settings.publicUrl}/login`;

/** Why a sign-in failed at the provider, as the login screen names it (protocol's ssoRefusals). */
export class SsoRefused extends Error {
  constructor(
    readonly code: 'state' | 'nonce' | 'code' | 'denied' | 'unavailable',
    cause?: unknown,
  ) {
    super(`sign-in through the identity provider refused: ${code}`, { cause });
  }
}

/** What the start of a sign-in keeps until the callback (one browser, one attempt). */
export interface Attempt {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/**
 * The identity provider as openid-client (v6) sees it: discovered once from the issuer's
 * `.well-known/openid-configuration` at the first sign-in (a provider that cannot be reached
 * then is asked again at the next one, never at start: the console starts without it).
 */
export class IdentityProvider {
  private config: Promise<oidc.Configuration> | null = null;

  constructor(readonly settings: SsoSettings) {}

  private configuration(): Promise<oidc.Configuration> {
    if (!this.config) {
      const { issuer, clientId, clientSecret } = this.settings;
      this.config = oidc
        .discovery(new URL(issuer), clientId, clientSecret ?? undefined, clientSecret ? oidc.ClientSecretPost(clientSecret) : oidc.None(), {
          ...(insecureIssuer(this.settings) && { execute: [oidc.allowInsecureRequests] }),
        })
        .catch((error: unknown) => {
          this.config = null;
          throw new SsoRefused('unavailable', error);
        });
    }
    return this.config;
  }

  /** A new attempt and the provider's authorization address for it (code flow, PKCE S256, state and nonce). */
  async begin(): Promise<{ attempt: Attempt; url: string }> {
    const config = await this.configuration();
    const attempt = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: callbackUrl(this.settings),
      scope: this.settings.scopes,
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(attempt.codeVerifier),
      code_challenge_method: 'S256',
      state: attempt.state,
      nonce: attempt.nonce,
    });
    return { attempt, url: url.href };
  }

  /**
   * The callback's code traded for tokens, the ID token checked (signature, issuer, audience,
   * expiry, nonce) by openid-client; `query` is the callback's query string as the browser sent it.
   */
  async finish(query: string, attempt: Attempt): Promise<{ claims: Record<string, unknown>; idToken: string }> {
    const config = await this.configuration();
    const current = new URL(`${callbackUrl(this.settings)}${query}`);
    if (current.searchParams.get('error')) throw new SsoRefused('denied');
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: attempt.codeVerifier,
        expectedState: attempt.state,
        expectedNonce: attempt.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      throw new SsoRefused(refusalOf(error), error);
    }
    const claims = tokens.claims();
    if (!claims || !tokens.id_token) throw new SsoRefused('code');
    return { claims: { ...claims }, idToken: tokens.id_token };
  }

  /** The provider's end-session address for a session signed in with `idToken`, when it offers RP-initiated logout. */
  async endSessionUrl(idToken: string): Promise<string | null> {
    const config = await this.configuration().catch(() => null);
    if (!config?.serverMetadata().end_session_endpoint) return null;
    return oidc.buildEndSessionUrl(config, { id_token_hint: idToken, post_logout_redirect_uri: afterLogoutUrl(this.settings) }).href;
  }
}

/** Which refusal an openid-client error is: a wrong nonce, a provider that refused the code, or one out of reach. */
function refusalOf(error: unknown): SsoRefused['code'] {
  if (error instanceof oidc.ResponseBodyError) return 'code';
  if (error instanceof oidc.AuthorizationResponseError) return 'denied';
  // openid-client wraps oauth4webapi's error, whose own cause names the claim that did not match.
  const inner = (error as { cause?: { message?: string; cause?: { claim?: string } } }).cause;
  if (inner?.cause?.claim === 'nonce' || /"nonce"/.test(inner?.message ?? '')) return 'nonce';
  // fetch's own failure (nothing answered at the provider's address).
  return error instanceof TypeError ? 'unavailable' : 'code';
}
