import { describe, expect, it } from 'vitest';
import { readEnvironment } from '@odds/ops';
import { readConfig } from '../../config';
import { signInSettings } from './settings';

const PUBLIC = 'https://console.example/';
/** The API's settings from these variables, as it reads them at start. */
const api = (env: NodeJS.ProcessEnv) => readEnvironment('api', env);
const IDP = { OIDC_ISSUER_URL: 'https://login.example/tenant/v2.0', OIDC_CLIENT_ID: 'odds' };

describe('sign-in settings', () => {
  it('is passwords only without OIDC_*, and the defaults with them', () => {
    expect(signInSettings(api({}), PUBLIC)).toEqual({ password: true, sso: null });
    expect(signInSettings(api(IDP), PUBLIC).sso).toEqual({
      issuer: IDP.OIDC_ISSUER_URL,
      clientId: 'odds',
      clientSecret: null,
      displayName: 'single sign-on',
      scopes: 'openid email profile',
      accounts: 'invited',
      roles: 'groups',
      groupsClaim: 'groups',
      publicUrl: 'https://console.example',
    });
  });

  it('always asks for openid, once', () => {
    expect(signInSettings(api({ ...IDP, OIDC_SCOPES: 'email groups  openid' }), PUBLIC).sso!.scopes).toBe('openid email groups');
  });

  it('refuses an issuer over plain http except on loopback, half a configuration, and no way to sign in at all', () => {
    expect(() => signInSettings(api({ ...IDP, OIDC_ISSUER_URL: 'http://idp.corp.example' }), PUBLIC)).toThrow(/must be an https:\/\/ URL/);
    expect(signInSettings(api({ ...IDP, OIDC_ISSUER_URL: 'http://127.0.0.1:19301' }), PUBLIC).sso!.issuer).toBe('http://127.0.0.1:19301');
    expect(() => signInSettings(api({ OIDC_CLIENT_ID: 'odds' }), PUBLIC)).toThrow('OIDC_ISSUER_URL and OIDC_CLIENT_ID go together');
    expect(() => readConfig(api({ PASSWORD_SIGN_IN: 'off', PGLITE_DIR: 'memory://' }))).toThrow(
      'PASSWORD_SIGN_IN=off needs OIDC_ISSUER_URL and OIDC_CLIENT_ID',
    );
    expect(signInSettings(api({ ...IDP, PASSWORD_SIGN_IN: 'off' }), PUBLIC).password).toBe(false);
  });
});
