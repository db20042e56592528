import { LANGUAGES, routes, type Provider } from '@odds/protocol';
import { useSnapshot } from 'valtio';
import { api } from '../../api/client';
import { inMemoryGetList, useList } from '../../components/table';
import { contextStore, reloadProviders } from '../../stores/context';
import { PROVIDER_COLUMNS } from '../../components/table/providerColumns';
import { CatalogTab } from './CatalogTab';
import type { FieldSpec, Values } from './fields';
import { FORM_SHOWN } from './RecordForm';

const values = (p: Provider): Values => ({ name: p.name, languages: [...p.meta.languages], sport_ids: p.sports.map((s) => s.id) });

/** Providers with their sports and languages: create and edit (the Settings screen switches them on and off). */
export function ProvidersTab() {
  const { sports } = useSnapshot(contextStore);
  const list = useList<Provider>({
    name: 'catalog-providers',
    key: 'pv',
    getList: inMemoryGetList(async (signal) => (await api(routes.providers, { query: { active_only: false }, signal })).results),
    defaultSort: 'id',
    sortFields: ['id', 'name'],
  });
  const fields: FieldSpec[] = [
    { name: 'name', label: 'Name', kind: 'text' },
    { name: 'languages', label: 'Languages', kind: 'multiselect', options: LANGUAGES.map((l) => ({ label: l.name, value: l.code })) },
    { name: 'sport_ids', label: 'Sports', kind: 'multiselect', options: sports.map((s) => ({ label: s.name, value: s.id })) },
  ];
  return (
    <CatalogTab<Provider>
      what="Provider"
      label="Providers"
      entity="provider"
      list={list}
      columns={PROVIDER_COLUMNS}
      fields={fields}
      blank={{ name: '', languages: ['en'], sport_ids: [1] }}
      toValues={values}
      nameOf={(p) => p.name}
      paginator={false}
      send={async (v, provider, version) => {
        const body = { name: String(v.name ?? ''), languages: v.languages as string[], sport_ids: v.sport_ids as number[] };
        const saved = provider
          ? await api(routes.providerEdit, { params: { providerId: provider.id }, body: { ...body, ...(version && { version }) }, ...FORM_SHOWN })
          : await api(routes.providerCreate, { body, ...FORM_SHOWN });
        // The top bar's provider selector lists it too.
        void reloadProviders();
        return saved;
      }}
    />
  );
}
