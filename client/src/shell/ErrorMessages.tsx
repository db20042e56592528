import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useSnapshot } from 'valtio';
import { clearErrors, dismissError, errorsStore } from '../feedback/errors';

/** The errors of SPEC §8, each shown once until dismissed. */
export function ErrorMessages() {
  const { items } = useSnapshot(errorsStore);
  return (
    <section className="error-messages" aria-live="polite" aria-label="Errors">
      {items.map((entry) => (
        <Message
          key={entry.id}
          severity="error"
          className="error-message"
          role="alert"
          content={
            <>
              <i className="pi pi-times-circle" aria-hidden="true" />
              <span className="error-message-text">{entry.text}</span>
              <Button icon="pi pi-times" rounded text severity="danger" aria-label="Dismiss error" onClick={() => dismissError(entry.id)} />
            </>
          }
        />
      ))}
      {items.length > 1 && <Button label="Clear all errors" text size="small" onClick={clearErrors} />}
    </section>
  );
}
