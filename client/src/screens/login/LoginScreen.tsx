import { Button } from 'primereact/button';
import { CredentialFields } from './CredentialFields';
import { useLoginForm } from './useLoginForm';
import './login.css';

export function LoginScreen() {
  const form = useLoginForm();
  return (
    <main className="login">
      <form className="login-card" noValidate onSubmit={form.submit} onKeyDown={form.onKeyDown} aria-labelledby="login-title">
        <h1 id="login-title">Odds Console</h1>
        <CredentialFields form={form} idPrefix="login" focus="email" />
        <Button type="submit" label="Login" loading={form.pending} />
      </form>
    </main>
  );
}
