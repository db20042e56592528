import type { OperatorRole, ProviderGrant } from '@odds/protocol';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { useSnapshot } from 'valtio';
import { contextStore } from '../../stores/context';

/** A role and its providers as the forms edit them. */
export interface AccessDraft {
  role: OperatorRole;
  providerIds: ProviderGrant;
}

export const ROLE_TEXT: Record<OperatorRole, string> = {
  admin: 'Admin (manages operators and wall displays)',
  editor: 'Editor (edits what they see)',
  viewer: 'Viewer (reads only)',
};
const ROLE_OPTIONS = (Object.keys(ROLE_TEXT) as OperatorRole[]).map((role) => ({ label: ROLE_TEXT[role], value: role }));

/**
 * The role and the providers of an operator (the invite form and the Access dialog): every provider,
 * or the ones ticked. An operator who is not an admin sees no provider they are not granted.
 */
export function AccessFields({ id, draft, onChange }: { id: string; draft: AccessDraft; onChange: (draft: AccessDraft) => void }) {
  const { providers } = useSnapshot(contextStore);
  const every = draft.providerIds === 'all';
  const ticked = new Set<number>(draft.providerIds === 'all' ? [] : draft.providerIds);
  const tick = (providerId: number, on: boolean) => {
    const next = new Set(ticked);
    if (on) next.add(providerId);
    else next.delete(providerId);
    onChange({ ...draft, providerIds: [...next].sort((a, b) => a - b) });
  };
  return (
    <>
      <div className="form-field">
        <label htmlFor={`${id}-role`}>Role</label>
        <Dropdown
          inputId={`${id}-role`}
          ariaLabel="Role"
          pt={{ select: { 'aria-label': 'Role' } }}
          value={draft.role}
          options={ROLE_OPTIONS}
          onChange={(e) => onChange({ ...draft, role: e.value as OperatorRole })}
        />
      </div>
      <fieldset className="operator-providers">
        <legend>Providers</legend>
        <div className="operator-provider">
          <Checkbox
            inputId={`${id}-all`}
            checked={every}
            onChange={(e) => onChange({ ...draft, providerIds: e.checked ? 'all' : providers.map((p) => p.id) })}
          />
          <label htmlFor={`${id}-all`}>Every provider</label>
        </div>
        {every
          ? null
          : providers.map((provider) => (
              <div className="operator-provider" key={provider.id}>
                <Checkbox inputId={`${id}-provider-${provider.id}`} checked={ticked.has(provider.id)} onChange={(e) => tick(provider.id, e.checked === true)} />
                <label htmlFor={`${id}-provider-${provider.id}`}>{provider.name}</label>
              </div>
            ))}
      </fieldset>
    </>
  );
}

/** What the Providers column says: 'Every provider', or their names. */
export function grantText(providerIds: readonly number[] | null, providers: readonly { id: number; name: string }[]): string {
  if (providerIds === null) return 'Every provider';
  if (providerIds.length === 0) return 'None';
  if (providerIds.length === providers.length && providers.every((p) => providerIds.includes(p.id))) return 'Every provider';
  return providerIds.map((id) => providers.find((p) => p.id === id)?.name ?? `#${id}`).join(', ');
}
