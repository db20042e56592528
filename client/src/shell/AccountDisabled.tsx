import { Button } from 'primereact/button';
import { browser } from '../lib/browser';
import '../screens/login/login.css';

/**
 * In place of the console once an admin disabled this operator's account: the session is over,
 * the token forgotten, and nothing on the page can send anything any more.
 */
export function AccountDisabled() {
  return (
    <main className="login">
      <section className="login-card" role="alert" aria-labelledby="account-disabled-title">
        <h1 id="account-disabled-title">Your account was disabled</h1>
        <p>An admin switched off your account, so this console stopped. Changes you had not saved were not sent.</p>
        <p>If this is a mistake, ask an admin to enable your account again.</p>
        <Button type="button" label="Back to the sign-in page" onClick={() => browser.assign('/')} />
      </section>
    </main>
  );
}
