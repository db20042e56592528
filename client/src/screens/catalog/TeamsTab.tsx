import { routes, type Team } from '@odds/protocol';
import { useSnapshot } from 'valtio';
import { api } from '../../api/client';
import { useList, type TableColumn } from '../../components/table';
import { contextStore } from '../../stores/context';
import { CatalogTab } from './CatalogTab';
import type { FieldSpec, Values } from './fields';
import { FORM_SHOWN } from './RecordForm';
import { SourceCell } from './SourceCell';

const FIELDS: FieldSpec[] = [
  { name: 'name', label: 'Name', kind: 'text', vendorOwned: true },
  { name: 'short_name', label: 'Short name', kind: 'text', hint: 'On a synced team, kept as your override' },
];
const COLUMNS: TableColumn<Team>[] = [
  { field: 'id', header: 'Id', sortable: true },
  { field: 'name', header: 'Name', sortable: true },
  { field: 'short_name', header: 'Short Name', sortable: true },
  { field: 'providers', header: 'Connected', body: (t) => t.providers.join(', ') },
  { field: 'sync', header: 'Source', body: (t) => <SourceCell row={t} /> },
];
const values = (t: Team): Values => ({ name: t.name, short_name: t.short_name ?? '' });

/** Teams of the selected provider and sport: create and edit (names, short names). */
export function TeamsTab() {
  const { providerId, sportId } = useSnapshot(contextStore);
  const list = useList({ route: routes.teams, query: { provider: providerId, sport: sportId }, key: 'tm', defaultSort: '-last_modified', filters: { q: '' } });
  return (
    <CatalogTab<Team>
      what="Team"
      label="Teams"
      entity="team"
      list={list}
      columns={COLUMNS}
      fields={FIELDS}
      blank={{ name: '', short_name: '' }}
      toValues={values}
      nameOf={(t) => t.name}
      send={(v, team, version) => {
        const body = { name: String(v.name ?? ''), short_name: String(v.short_name ?? '').trim() || null };
        return team
          ? api(routes.teamEdit, { params: { teamId: team.id }, body: { ...body, ...(version && { version }) }, ...FORM_SHOWN })
          : api(routes.teamCreate, { body: { ...body, provider_id: providerId, sport_id: sportId }, ...FORM_SHOWN });
      }}
    />
  );
}
