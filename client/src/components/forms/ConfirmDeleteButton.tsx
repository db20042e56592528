import { CONFIRM_COUNTDOWN_SECONDS } from '@odds/protocol';
import { Button } from 'primereact/button';
import { useEffect, useState } from 'react';
import './forms.css';

interface ConfirmDeleteButtonProps {
  /** Names what goes, for screen readers: 'Delete contact 7'. */
  label: string;
  onConfirm: () => void;
  disabled?: boolean;
  /** Said beside the countdown, before the second click: who would lose an edit in progress. */
  warning?: string;
}

/**
 * The confirm-delete button of SPEC §4: the first click starts a 5-second countdown, a second click
 * within it confirms, and when the countdown ends the button resets.
 */
export function ConfirmDeleteButton({ label, onConfirm, disabled, warning }: ConfirmDeleteButtonProps) {
  const [left, setLeft] = useState(0);

  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);

  if (left > 0) {
    const confirm = (
      <Button
        type="button"
        label={`Confirm (${left})`}
        icon="pi pi-exclamation-triangle"
        severity="danger"
        className="danger-strong"
        size="small"
        aria-label={`Confirm: ${label}`}
        onClick={() => {
          setLeft(0);
          onConfirm();
        }}
      />
    );
    if (!warning) return confirm;
    return (
      <span className="confirm-delete-warned">
        {confirm}
        <span className="confirm-delete-warning" role="status">
          {warning}
        </span>
      </span>
    );
  }
  return (
    <Button
      type="button"
      icon="pi pi-trash"
      severity="danger"
      className="danger-strong"
      text
      size="small"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={() => setLeft(CONFIRM_COUNTDOWN_SECONDS)}
    />
  );
}
