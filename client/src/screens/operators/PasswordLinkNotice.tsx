import { Button } from 'primereact/button';
import { formatDateTime } from '../../lib/format';
import { useCopy } from '../../lib/useCopy';
import type { MadeLink } from './useOperators';

/** A one-time set-password link, shown once to the admin who made it, to copy and hand over. */
export function PasswordLinkNotice({ made }: { made: MadeLink }) {
  const { operator, link } = made.reply;
  const address = `${window.location.origin}${link.path}`;
  const { copied, copy } = useCopy(address);
  return (
    <div className="operator-link" role="status">
      <p>
        {made.kind === 'invite' ? (
          <>
            <strong>{operator.name}</strong> is invited.
          </>
        ) : (
          <>
            A new password link for <strong>{operator.name}</strong>; their sessions were ended.
          </>
        )}{' '}
        Give them this one-time link to choose a password. It works once, until {formatDateTime(link.expires_at)}, and is shown only now.
        {link.mailed ? ` It was also mailed to ${operator.email}.` : ''}
      </p>
      <div className="operator-link-address" role="group" aria-label="Set-password link">
        <code>{address}</code>
        <Button type="button" label={copied ? 'Copied' : 'Copy link'} icon="pi pi-copy" size="small" outlined onClick={() => void copy()} />
      </div>
    </div>
  );
}
