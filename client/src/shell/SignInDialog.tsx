import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { expiryStore } from '../api/sessionExpiry';
import { CredentialFields } from '../screens/login/CredentialFields';
import { useLoginForm } from '../screens/login/useLoginForm';
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

function SignInForm() {
  const form = useLoginForm();
  const { setEmail } = form;
  const email = useSnapshot(sessionStore).user?.email;
  useEffect(() => {
    if (email) setEmail(email);
  }, [email, setEmail]);
  return (
    <form className="login-card sign-in-card" noValidate onSubmit={form.submit} onKeyDown={form.onKeyDown} aria-label="Sign in again">
      <p>Sign in again to carry on where you were. Nothing on this page is lost: what you were saving is sent once you are back.</p>
      <CredentialFields form={form} idPrefix="sign-in" focus="password" />
      <Button type="submit" label="Sign in" loading={form.pending} />
      <Button type="button" label="Log out instead" link onClick={() => void logout()} />
    </form>
  );
}
