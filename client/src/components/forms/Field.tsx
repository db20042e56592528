import type { ReactNode } from 'react';
import './forms.css';

interface FieldProps {
  /** Id of the control the label names (PrimeReact widgets take it as `inputId`). */
  id: string;
  label: string;
  children: ReactNode;
  /** A short hint under the control, tied to it with aria-describedby by the caller. */
  hint?: string;
  className?: string;
}

/** A labelled form field: the label above its control, an optional hint below. */
export function Field({ id, label, children, hint, className }: FieldProps) {
  return (
    <div className={className ? `form-field ${className}` : 'form-field'}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <small id={`${id}-hint`} className="form-hint">
          {hint}
        </small>
      )}
    </div>
  );
}

interface SwitchFieldProps {
  /** The setting's name, shown above the switch (e.g. 'Subscribe to All'). */
  title: string;
  /** What the switch does, its accessible name (e.g. 'Subscribe contact to all matches and leagues'). */
  label: string;
  id: string;
  children: ReactNode;
}

/** A toggle with a title and the sentence that says what switching it on does. */
export function SwitchField({ title, label, id, children }: SwitchFieldProps) {
  return (
    <div className="form-field switch-field" role="group" aria-labelledby={`${id}-title`}>
      <span id={`${id}-title`} className="form-field-title">
        {title}
      </span>
      <span className="switch-row">
        {children}
        <label htmlFor={id}>{label}</label>
      </span>
    </div>
  );
}
