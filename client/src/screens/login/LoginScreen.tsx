import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { CredentialFields } from './CredentialFields';
import { useLoginForm } from './useLoginForm';
import { ssoStartUrl, useSignInMethods } from './useSignInMethods';
import './login.css';

export function LoginScreen() {
  const form = useLoginForm();
  const { methods, message, completing } = useSignInMethods();
  return (
    <main className="login">
      <form
        className="login-card"
        noValidate
        onSubmit={form.submit}
        onKeyDown={form.onKeyDown}
        aria-labelledby="login-title"
        aria-busy={completing || !methods}
      >
        <h1 id="login-title">Odds Console</h1>
        {message && <Message severity="error" text={message} role="alert" />}
        {completing && <p className="login-note">Signing you in…</p>}
        {methods?.sso && !completing && (
          <a className="p-button login-sso" href={ssoStartUrl(window.location.search)}>
            Sign in with {methods.sso.name}
          </a>
        )}
        {methods?.password && !completing && (
          <>
            {methods.sso && <p className="login-or">or with your password</p>}
            <CredentialFields form={form} idPrefix="login" focus="email" />
            <Button type="submit" label="Login" loading={form.pending} />
          </>
        )}
      </form>
    </main>
  );
}
