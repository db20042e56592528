import type { Provider } from '@odds/protocol';
import { Button } from 'primereact/button';
import { useSnapshot } from 'valtio';
import { GenericTable, type TableColumn } from '../../components/table';
import { ChangeMark } from '../../components/marks/ChangeMark';
import { contextStore } from '../../stores/context';
import { sessionStore } from '../../stores/session';
import { ChannelsSection } from './ChannelsSection';
import { PROVIDER_COLUMNS } from '../../components/table/providerColumns';
import { useProviders } from './useProviders';
import './settings.css';

/**
 * /settings: the providers, each with a green Active or red Inactive button that switches it (SPEC §2);
 * for admins, the selected provider's channel credentials below.
 */
export default function SettingsScreen() {
  const { list, toggle, switching, markOf } = useProviders();
  const admin = useSnapshot(sessionStore).user?.admin === true;
  const { providerId, providers } = useSnapshot(contextStore);
  const provider = providers.find((p) => p.id === providerId);
  const columns: TableColumn<Provider>[] = [
    ...PROVIDER_COLUMNS,
    {
      field: 'active',
      header: 'Status',
      sortable: true,
      body: (p) => (
        <>
          <Button
            label={p.active ? 'Active' : 'Inactive'}
            severity={p.active ? 'success' : 'danger'}
            size="small"
            loading={switching === p.id}
            aria-label={`${p.name}: ${p.active ? 'Active' : 'Inactive'}`}
            aria-pressed={p.active}
            onClick={() => void toggle(p)}
          />
          <ChangeMark by={markOf(p.id)} />
        </>
      ),
    },
  ];
  return (
    <section aria-labelledby="screen-title" className="settings-screen">
      <h1 id="screen-title">Settings</h1>
      <h2>Providers</h2>
      <GenericTable list={list} columns={columns} label="Providers" emptyMessage="No providers" />
      {admin && provider && <ChannelsSection key={provider.id} providerId={provider.id} providerName={provider.name} />}
    </section>
  );
}
