import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useSetPassword } from './useSetPassword';
import '../login/login.css';

/** Mirrors protocol's PASSWORD_MIN_LENGTH (the server checks it; this is the hint). */
const MIN_LENGTH = 12;

/**
 * /set-password#token=…: where an invite or a password reset link leads. The operator chooses a
 * password (at least 12 characters, hard to guess: the server says why one is refused) and is signed in.
 */
export default function SetPasswordScreen() {
  const form = useSetPassword();
  return (
    <main className="login">
      <form className="login-card" noValidate onSubmit={(e) => void form.submit(e)} aria-labelledby="set-password-title">
        <h1 id="set-password-title">Choose your password</h1>
        {form.token ? (
          <>
            <p className="set-password-intro">
              At least {MIN_LENGTH} characters, and not one of the passwords everybody uses. A few words you will remember make a good one.
            </p>
            <label htmlFor="new-password">New password</label>
            <InputText
              id="new-password"
              type="password"
              autoComplete="new-password"
              autoFocus
              aria-describedby="new-password-hint"
              value={form.password}
              onChange={(e) => form.setPassword(e.target.value)}
            />
            <small id="new-password-hint" className="form-hint">
              At least {MIN_LENGTH} characters
            </small>
            <label htmlFor="repeat-password">Repeat the password</label>
            <InputText id="repeat-password" type="password" autoComplete="new-password" value={form.repeat} onChange={(e) => form.setRepeat(e.target.value)} />
            {form.message && <Message severity="error" text={form.message} role="alert" />}
            <Button type="submit" label="Set password and sign in" loading={form.pending} />
          </>
        ) : (
          <>
            <Message severity="error" role="alert" text="This address has no set-password link in it. Ask an admin for a new link." />
            <a href="/">Go to the sign-in page</a>
          </>
        )}
      </form>
    </main>
  );
}
