import { routes, type League, type Season } from '@odds/protocol';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { api } from '../../api/client';
import { inMemoryGetList, useList, type TableColumn } from '../../components/table';
import { contextStore } from '../../stores/context';
import { CatalogTab } from './CatalogTab';
import type { FieldSpec, Values } from './fields';
import { FORM_SHOWN } from './RecordForm';
import { SourceCell } from './SourceCell';

const LEAGUE_FIELDS: FieldSpec[] = [
  { name: 'name', label: 'Name', kind: 'text', vendorOwned: true },
  { name: 'path', label: 'Path', kind: 'text', hint: 'Where it sits, e.g. Europe / Sweden; the name when empty' },
  { name: 'unique_id', label: 'Unique id', kind: 'text', hint: 'Its id across providers; made from the name when empty' },
];
const SEASON_FIELDS: FieldSpec[] = [
  { name: 'name', label: 'Name', kind: 'text', vendorOwned: true },
  { name: 'starts_on', label: 'Starts on', kind: 'date' },
  { name: 'ends_on', label: 'Ends on', kind: 'date' },
];
const LEAGUE_COLUMNS: TableColumn<League>[] = [
  { field: 'id', header: 'Id', sortable: true },
  { field: 'name', header: 'League', sortable: true },
  { field: 'path', header: 'Path', sortable: true },
  { field: 'unique_id', header: 'Unique id', sortable: true },
  { field: 'seasons', header: 'Seasons', body: (l) => l.seasons.map((s) => s.name).join(', ') },
  { field: 'sync', header: 'Source', body: (l) => <SourceCell row={l} /> },
];
const SEASON_COLUMNS: TableColumn<Season>[] = [
  { field: 'name', header: 'Season', sortable: true },
  { field: 'starts_on', header: 'Starts on', body: (s) => s.starts_on ?? '' },
  { field: 'ends_on', header: 'Ends on', body: (s) => s.ends_on ?? '' },
  { field: 'sync', header: 'Source', body: (s) => <SourceCell row={s} /> },
];
const leagueValues = (l: League): Values => ({ name: l.name, path: l.path, unique_id: l.unique_id });
const seasonValues = (s: Season): Values => ({ name: s.name, starts_on: s.starts_on ?? '', ends_on: s.ends_on ?? '' });
const text = (value: unknown) => String(value ?? '').trim();

/** Leagues of the selected provider and sport, and the seasons of the one chosen ("Seasons"): create and edit. */
export function LeaguesTab() {
  const { providerId, sportId } = useSnapshot(contextStore);
  const list = useList({ route: routes.leagues, params: { p: providerId, s: sportId }, key: 'lg', defaultSort: '-last_modified', filters: { q: '' } });
  const [chosenId, setChosenId] = useState<number | null>(null);
  const chosen = list.rows.find((l) => l.id === chosenId) ?? null;
  const seasons = useList<Season>({
    name: 'catalog-seasons',
    key: 'ss',
    deps: [chosen?.id, chosen?.seasons.map((s) => `${s.id}:${s.version}`).join()],
    getList: inMemoryGetList(async () => [...(chosen?.seasons ?? [])]),
    defaultSort: 'name',
    sortFields: ['name'],
  });
  return (
    <CatalogTab<League>
      what="League"
      label="Leagues"
      entity="league"
      list={list}
      columns={LEAGUE_COLUMNS}
      fields={LEAGUE_FIELDS}
      blank={{ name: '', path: '', unique_id: '' }}
      toValues={leagueValues}
      nameOf={(l) => l.name}
      actions={(l) => <Button type="button" label="Seasons" size="small" text aria-label={`Seasons of ${l.name}`} onClick={() => setChosenId(l.id)} />}
      send={(v, league, version) => {
        const body = { name: String(v.name ?? ''), path: text(v.path), unique_id: text(v.unique_id) };
        return league
          ? api(routes.leagueEdit, { params: { leagueId: league.id }, body: { ...body, ...(version && { version }) }, ...FORM_SHOWN })
          : api(routes.leagueCreate, { body: { ...body, provider_id: providerId, sport_id: sportId }, ...FORM_SHOWN });
      }}
    >
      {chosen ? (
        <section aria-label={`Seasons of ${chosen.name}`} className="catalog-seasons">
          <h3>Seasons of {chosen.name}</h3>
          <CatalogTab<Season>
            what="Season"
            label={`Seasons of ${chosen.name}`}
            entity="season"
            list={seasons}
            columns={SEASON_COLUMNS}
            fields={SEASON_FIELDS}
            blank={{ name: '', starts_on: '', ends_on: '' }}
            toValues={seasonValues}
            nameOf={(s) => `season ${s.name}`}
            paginator={false}
            send={async (v, season, version) => {
              const body = { name: String(v.name ?? ''), starts_on: text(v.starts_on) || null, ends_on: text(v.ends_on) || null };
              const saved = season
                ? await api(routes.seasonEdit, { params: { seasonId: season.id }, body: { ...body, ...(version && { version }) }, ...FORM_SHOWN })
                : await api(routes.seasonCreate, { params: { leagueId: chosen.id }, body, ...FORM_SHOWN });
              // The league's row carries its seasons.
              list.reload();
              return saved;
            }}
          />
        </section>
      ) : null}
    </CatalogTab>
  );
}
