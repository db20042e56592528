import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import type { LoginForm } from './useLoginForm';

interface CredentialFieldsProps {
  form: LoginForm;
  /** Keeps the fields' ids apart: the sign-in dialog can open over a page that has a login form. */
  idPrefix: string;
  /** The field that takes the focus: the email to log in, the password to sign in again as the same operator. */
  focus: 'email' | 'password';
}

/** Email and password of a login form, and the server's message after a failed attempt. */
export function CredentialFields({ form, idPrefix, focus }: CredentialFieldsProps) {
  return (
    <>
      <label htmlFor={`${idPrefix}-email`}>Email</label>
      <InputText
        id={`${idPrefix}-email`}
        type="email"
        autoComplete="username"
        autoFocus={focus === 'email'}
        value={form.email}
        onChange={(e) => form.setEmail(e.target.value)}
      />
      <label htmlFor={`${idPrefix}-password`}>Password</label>
      <InputText
        id={`${idPrefix}-password`}
        type="password"
        autoComplete="current-password"
        autoFocus={focus === 'password'}
        value={form.password}
        onChange={(e) => form.setPassword(e.target.value)}
      />
      {form.message && <Message severity="error" text={form.message} role="alert" />}
    </>
  );
}
