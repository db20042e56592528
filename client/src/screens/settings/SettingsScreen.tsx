import type { Provider } from '@odds/protocol';
import { Button } from 'primereact/button';
import { GenericTable, type TableColumn } from '../../components/table';
import { ChangeMark } from '../match/ChangeMark';
import { useProviders } from './useProviders';
import './settings.css';

/** /settings: the providers, each with a green Active or red Inactive button that switches it (SPEC §2). */
export default function SettingsScreen() {
  const { list, toggle, switching, markOf } = useProviders();
  const columns: TableColumn<Provider>[] = [
    { field: 'id', header: 'Id', sortable: true },
    { field: 'name', header: 'Name', sortable: true },
    { field: 'sports', header: 'Sports', body: (p) => p.sports.map((s) => s.name).join(', ') },
    { field: 'languages', header: 'Languages', body: (p) => p.meta.languages.join(', ') },
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
    </section>
  );
}
