import type { Operator } from '@odds/protocol';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { useSaving } from '../../api/useSaving';
import { AccessFields, type AccessDraft } from './AccessFields';

/**
 * An operator's role and providers, changed by an admin: saved with the access_version read (when
 * another admin changed them meanwhile the save is refused and says so). Takes effect on the
 * operator's open consoles at once.
 */
export function AccessDialog({ operator, onSave, onHide }: { operator: Operator; onSave: (draft: AccessDraft) => Promise<boolean>; onHide: () => void }) {
  const [draft, setDraft] = useState<AccessDraft>({ role: operator.role, providerIds: operator.provider_ids ?? 'all' });
  const { saving, run } = useSaving<boolean>();
  const save = async () => {
    if (await run(() => onSave(draft))) onHide();
  };
  return (
    <Dialog header={`Access of ${operator.name}`} visible onHide={onHide} className="operator-access-dialog" modal>
      <div className="operator-access">
        <AccessFields id="access" draft={draft} onChange={setDraft} />
      </div>
      <div className="operator-access-buttons">
        <Button type="button" label="Cancel" text onClick={onHide} />
        <Button type="button" label="Save" aria-label={`Save access of ${operator.name}`} loading={saving} onClick={() => void save()} />
      </div>
    </Dialog>
  );
}
