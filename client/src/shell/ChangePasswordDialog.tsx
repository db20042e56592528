import { PASSWORD_MIN_LENGTH } from '@odds/protocol';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useChangePassword } from './useChangePassword';
import '../screens/login/login.css';

/** "Change password" of the settings menu, for every operator. */
export function ChangePasswordDialog({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const form = useChangePassword();
  const close = () => {
    form.reset();
    onHide();
  };
  return (
    <Dialog visible={visible} onHide={close} modal header="Change password" style={{ width: 'min(26rem, 92vw)' }}>
      {form.done ? (
        <div className="sign-in-card login-card">
          <Message severity="success" role="status" text="Your password was changed. You stay signed in here; your other sessions were signed out." />
          <Button type="button" label="Done" onClick={close} />
        </div>
      ) : (
        <form className="login-card sign-in-card" noValidate onSubmit={(e) => void form.submit(e)} aria-label="Change password">
          <label htmlFor="current-password">Current password</label>
          <InputText
            id="current-password"
            type="password"
            autoComplete="current-password"
            autoFocus
            value={form.current}
            onChange={(e) => form.setCurrent(e.target.value)}
          />
          <label htmlFor="changed-password">New password</label>
          <InputText
            id="changed-password"
            type="password"
            autoComplete="new-password"
            aria-describedby="changed-password-hint"
            value={form.next}
            onChange={(e) => form.setNext(e.target.value)}
          />
          <small id="changed-password-hint" className="form-hint">
            At least {PASSWORD_MIN_LENGTH} characters, not a common password
          </small>
          <label htmlFor="repeat-changed-password">Repeat the new password</label>
          <InputText
            id="repeat-changed-password"
            type="password"
            autoComplete="new-password"
            value={form.repeat}
            onChange={(e) => form.setRepeat(e.target.value)}
          />
          {form.message && <Message severity="error" text={form.message} role="alert" />}
          <Button type="submit" label="Change password" loading={form.pending} />
        </form>
      )}
    </Dialog>
  );
}
