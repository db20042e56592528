import { routes, type Match } from '@odds/protocol';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { api } from '../../api/client';
import { useList, type TableColumn } from '../../components/table';
import { formatDateTime } from '../../lib/format';
import { contextStore } from '../../stores/context';
import { CatalogTab } from './CatalogTab';
import type { FieldSpec, Values } from './fields';
import { FORM_SHOWN } from './RecordForm';
import { SourceCell } from './SourceCell';
import { toLocalInput, toTimestamp, useCatalogOptions } from './useCatalogOptions';

const values = (m: Match): Values => ({
  league_id: m.league.id,
  season_id: m.season_id ?? null,
  home_team_id: m.home.id,
  away_team_id: m.away.id,
  start: toLocalInput(m.start),
  event_id: m.event_id,
});
const BLANK: Values = { league_id: null, season_id: null, home_team_id: null, away_team_id: null, start: '', event_id: '' };
const COLUMNS: TableColumn<Match>[] = [
  { field: 'id', header: 'Id', sortable: true },
  { field: 'name', header: 'Match', body: (m) => <Link to={`/match/${m.id}/thresholds`}>{m.name}</Link> },
  { field: 'start', header: 'Start', sortable: true, body: (m) => formatDateTime(m.start) },
  { field: 'league', header: 'League', sortable: true, body: (m) => m.league.name },
  { field: 'event_id', header: 'Event id' },
  { field: 'sync', header: 'Source', body: (m) => <SourceCell row={m} /> },
];

/** Matches of the selected provider and sport: create (league, season, teams, kick-off) and edit. */
export function MatchesTab() {
  const { providerId, sportId } = useSnapshot(contextStore);
  const list = useList({ route: routes.matches, params: { p: providerId, s: sportId }, key: 'mt', defaultSort: '-start', filters: { q: '' } });
  const [opened, setOpened] = useState(0);
  const [leagueId, setLeagueId] = useState<number | null>(null);
  const { leagues, teams } = useCatalogOptions(providerId, sportId, opened);
  const league = leagues.find((l) => l.id === leagueId);
  const teamOptions = teams.map((t) => ({ label: t.name, value: t.id }));
  const fields: FieldSpec[] = [
    { name: 'league_id', label: 'League', kind: 'select', vendorOwned: true, options: leagues.map((l) => ({ label: l.name, value: l.id })) },
    { name: 'season_id', label: 'Season', kind: 'select', options: (league?.seasons ?? []).map((s) => ({ label: s.name, value: s.id })) },
    { name: 'home_team_id', label: 'Home team', kind: 'select', vendorOwned: true, options: teamOptions },
    { name: 'away_team_id', label: 'Away team', kind: 'select', vendorOwned: true, options: teamOptions },
    { name: 'start', label: 'Kick-off (your time)', kind: 'datetime', vendorOwned: true },
    { name: 'event_id', label: 'Event id', kind: 'text', vendorOwned: true, hint: 'Matches of providers with the same event id are one; made up when empty' },
  ];
  return (
    <CatalogTab<Match>
      what="Match"
      label="Matches"
      entity="match"
      list={list}
      columns={COLUMNS}
      fields={fields}
      blank={BLANK}
      toValues={values}
      nameOf={(m) => m.name}
      onOpen={(match) => {
        setLeagueId(match?.league.id ?? null);
        setOpened((n) => n + 1);
      }}
      onChange={(v) => setLeagueId((v.league_id as number | null) ?? null)}
      check={(v) =>
        v.league_id && v.home_team_id && v.away_team_id && toTimestamp(v.start) ? null : 'Choose a league, the home and away teams and the kick-off.'
      }
      send={(v, match, version) => {
        const eventId = String(v.event_id ?? '').trim();
        const body = {
          league_id: v.league_id as number,
          season_id: (v.season_id as number | null) ?? null,
          home_team_id: v.home_team_id as number,
          away_team_id: v.away_team_id as number,
          start: toTimestamp(v.start) ?? '',
          ...(eventId && { event_id: eventId }),
        };
        return match
          ? api(routes.matchEdit, { params: { matchId: match.id }, body: { ...body, ...(version && { version }) }, ...FORM_SHOWN })
          : api(routes.matchCreate, { body, ...FORM_SHOWN });
      }}
    />
  );
}
