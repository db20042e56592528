import type { Operator } from '@odds/protocol';
import { Button } from 'primereact/button';
import { fieldLabel } from '../../components/conflict';
import { EntityHistory } from '../../components/history/EntityHistory';
import type { useOperators } from './useOperators';

/**
 * What an operator's history shows: what happened and the fields an admin changes (the server
 * never writes a password hash there; the creator's id and sign-in times are shown elsewhere).
 */
const HIDDEN = new Set(['created_by', 'created_at', 'last_sign_in_at']);
const HISTORY = {
  hidden: (field: string) => HIDDEN.has(field),
  label: (field: string) => (field === 'event' ? 'What' : fieldLabel(field)),
};

/** The Actions cell of an operator's row: enable/disable, reset password, admin, Access, Sessions, History. */
export function OperatorActions({
  operator,
  me,
  actions: { setStatus, setAdmin, resetPassword, busy },
  onAccess,
  onSessions,
  reloadKey,
}: {
  operator: Operator;
  /** The signed-in operator's id: they cannot disable themselves. */
  me: Operator['id'] | undefined;
  actions: Pick<ReturnType<typeof useOperators>, 'setStatus' | 'setAdmin' | 'resetPassword' | 'busy'>;
  onAccess: () => void;
  onSessions: () => void;
  reloadKey: number;
}) {
  return (
    <div className="operator-actions">
      {operator.status === 'disabled' ? (
        <Button
          type="button"
          label="Enable"
          size="small"
          outlined
          disabled={busy === operator.id}
          aria-label={`Enable ${operator.name}`}
          onClick={() => void setStatus(operator, 'active')}
        />
      ) : (
        <Button
          type="button"
          label="Disable"
          size="small"
          severity="danger"
          outlined
          disabled={busy === operator.id || operator.id === me}
          aria-label={`Disable ${operator.name}`}
          onClick={() => void setStatus(operator, 'disabled')}
        />
      )}
      <Button
        type="button"
        label="Reset password"
        size="small"
        outlined
        disabled={busy === operator.id}
        aria-label={`Reset password: ${operator.name}`}
        onClick={() => void resetPassword(operator)}
      />
      {operator.admin ? (
        <Button
          type="button"
          label="Remove admin"
          size="small"
          text
          disabled={busy === operator.id}
          aria-label={`Remove admin: ${operator.name}`}
          onClick={() => void setAdmin(operator, false)}
        />
      ) : (
        <Button
          type="button"
          label="Make admin"
          size="small"
          text
          disabled={busy === operator.id}
          aria-label={`Make admin: ${operator.name}`}
          onClick={() => void setAdmin(operator, true)}
        />
      )}
      <Button type="button" label="Access" size="small" text disabled={busy === operator.id} aria-label={`Access of ${operator.name}`} onClick={onAccess} />
      <Button type="button" label="Sessions" size="small" text aria-label={`Sessions of ${operator.name}`} onClick={onSessions} />
      <EntityHistory entity="account" id={operator.id} name="operator" reading={HISTORY} reloadKey={reloadKey} />
    </div>
  );
}
