import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { expiryStore } from '../api/sessionExpiry';
import { CredentialFields } from '../screens/login/CredentialFields';
import { useLoginForm } from '../screens/login/useLoginForm';
import { ssoStartUrlFor, useAuthMethods } from '../screens/login/useSignInMethods';
import { browser } from '../lib/browser';
import { logout, sessionStore } from '../stores/session';
import { sessionEndStore } from '../stores/sessionEnd';
import '../screens/login/login.css';

/** Shown over the page when the session ended while the console was open (api/sessionExpiry.ts). */
export function SignInDialog() {
  const { expired } = useSnapshot(expiryStore);
  // A password reset by an admin, or changed in another browser, ends every other session too.
  const { reason } = useSnapshot(sessionEndStore);
  return (
    <Dialog
      visible={expired}
      onHide={() => undefined}
      closable={false}
      modal
      header={reason === 'password' ? 'Your password was changed' : reason === 'revoked' ? 'This session was signed out' : 'Your session has ended'}
      style={{ width: 'min(26rem, 92vw)' }}
    >
      {expired && <SignInForm />}
    </Dialog>
  );
}

/**
 * Signing in again: with the company's identity provider where it has one, in a window of its own
 * (its redirects would unload this page; the window stores the new session, which resumes this
 * one, and closes), and with a password where the deployment takes passwords.
 */
function SignInForm() {
  const form = useLoginForm();
  const methods = useAuthMethods();
  const { setEmail } = form;
  const email = useSnapshot(sessionStore).user?.email;
  useEffect(() => {
    if (email) setEmail(email);
  }, [email, setEmail]);
  return (
    <form className="login-card sign-in-card" noValidate onSubmit={form.submit} onKeyDown={form.onKeyDown} aria-label="Sign in again" aria-busy={!methods}>
      <p>Sign in again to carry on where you were. Nothing on this page is lost: what you were saving is sent once you are back.</p>
      {methods?.sso && <SsoSignIn name={methods.sso.name} />}
      {methods?.password && (
        <>
          {methods.sso && <p className="login-or">or with your password</p>}
          <CredentialFields form={form} idPrefix="sign-in" focus="password" />
          <Button type="submit" label="Sign in" loading={form.pending} />
        </>
      )}
      <Button type="button" label="Log out instead" link onClick={() => void logout()} />
    </form>
  );
}

/** The provider's sign-in in a window of its own, coming back to this page's address. */
function SsoSignIn({ name }: { name: string }) {
  // The start address of the last blocked attempt. Made at the click: the dialog sits beside the
  // router and does not render again when the page behind it moves.
  const [blocked, setBlocked] = useState<string | null>(null);
  const open = () => {
    const start = ssoStartUrlFor(window.location.pathname + window.location.search, true);
    setBlocked(browser.openWindow(start, 'console-sign-in') ? null : start);
  };
  return (
    <>
      <Button type="button" className="login-sso" label={`Sign in with ${name}`} onClick={open} />
      {blocked && (
        <Message
          severity="warn"
          content={
            <span>
              The browser blocked the sign-in window.{' '}
              <a href={blocked} target="_blank" rel="noopener">
                Open the sign-in in a new tab
              </a>
              ; this page carries on once you are signed in there.
            </span>
          }
        />
      )}
    </>
  );
}
