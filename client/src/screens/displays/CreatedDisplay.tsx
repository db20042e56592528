import type { DisplayCreated } from '@odds/protocol';
import { Button } from 'primereact/button';
import { useCopy } from '../../lib/useCopy';

/** The new display's address, shown once: its token is not kept anywhere it could be read again. */
export function CreatedDisplay({ created }: { created: DisplayCreated }) {
  const address = `${window.location.origin}${created.path}`;
  const { copied, copy } = useCopy(address);
  return (
    <div className="display-created" role="status">
      <p>
        <strong>{created.display.name}</strong> is ready. Open this address on the wall screen; it is shown only now.
      </p>
      <div className="display-address" role="group" aria-label="Wall address">
        <code>{address}</code>
        <Button type="button" label={copied ? 'Copied' : 'Copy'} icon="pi pi-copy" size="small" outlined onClick={() => void copy()} />
        <a href={address} target="_blank" rel="noreferrer">
          Open
        </a>
      </div>
    </div>
  );
}
