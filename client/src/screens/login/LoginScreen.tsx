import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useLoginForm } from './useLoginForm';
import './login.css';

export function LoginScreen() {
  const form = useLoginForm();
  return (
    <main className="login">
      <form className="login-card" noValidate onSubmit={form.submit} onKeyDown={form.onKeyDown} aria-labelledby="login-title">
        <h1 id="login-title">Odds Console</h1>
        <label htmlFor="login-email">Email</label>
        <InputText id="login-email" type="email" autoComplete="username" autoFocus value={form.email} onChange={(e) => form.setEmail(e.target.value)} />
        <label htmlFor="login-password">Password</label>
        <InputText
          id="login-password"
          type="password"
          autoComplete="current-password"
          value={form.password}
          onChange={(e) => form.setPassword(e.target.value)}
        />
        {form.message && <Message severity="error" text={form.message} role="alert" />}
        <Button type="submit" label="Login" loading={form.pending} />
      </form>
    </main>
  );
}
