import { formatMinuteParts, type StatEvent } from '@odds/protocol';
import { Link, useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { ConfirmDeleteButton } from '../../components/confirm';
import { GenericTable, type TableColumn } from '../../components/table';
import { useChangeMarks } from '../../live/useChangeMarks';
import { editingNow, useOtherEditors } from '../../live/useDeletedBy';
import { sessionStore } from '../../stores/session';
import { ChangeMark } from '../../components/marks/ChangeMark';
import { TabTitle } from '../../components/match/TabTitle';
import { outcomeOf, outcomeSymbol } from './outcome';
import { useMatchInfo, useStatEventsList } from './useMatchEvents';
import './events.css';

function OutcomeCell({ tags }: { tags: readonly string[] }) {
  const outcome = outcomeSymbol(outcomeOf(tags));
  return (
    <span className={`stat-outcome stat-outcome-${outcome.value}`} title={outcome.label}>
      <span aria-hidden="true">{outcome.symbol}</span>
      <span className="sr-only">{outcome.label}</span>
    </span>
  );
}

/** /events/{matchId}: a match's stat events with an Edit link and a delete per row; /events: all of them. */
export default function EventsScreen() {
  const { matchId: param } = useParams();
  const matchId = param && /^\d+$/.test(param) ? Number(param) : null;
  const info = useMatchInfo(matchId);
  const { list, busy, remove, live } = useStatEventsList(matchId);
  // A row another operator (or I) just added or changed says who, as the other live lists do.
  const marks = useChangeMarks('stat_event', list.rows, !list.loading, matchId === null ? null : live);
  // Who would lose an edit in progress: the countdown of a delete names them.
  const editors = useOtherEditors(matchId === null ? null : live, 'stats', useSnapshot(sessionStore).user?.id);
  const columns: TableColumn<StatEvent>[] = [
    {
      field: 'id',
      header: 'Id',
      sortable: true,
      body: (e) => (
        <>
          {e.id}
          <ChangeMark by={marks.get(e.id)} />
        </>
      ),
    },
    ...(matchId === null
      ? [{ field: 'match_id', header: 'Match', sortable: true, body: (e: StatEvent) => <Link to={`/events/${e.match_id}`}>{e.match_id}</Link> }]
      : []),
    { field: 'minute', header: 'Minute', sortable: matchId !== null, body: (e) => formatMinuteParts(e) },
    { field: 'period', header: 'Period', sortable: true },
    { field: 'type', header: 'Type', sortable: true, body: (e) => info.typeName(e.type) },
    { field: 'team', header: 'Team', body: (e) => info.teamName(e.team, e.team_name) },
    { field: 'outcome', header: 'Outcome', body: (e) => <OutcomeCell tags={e.tags} /> },
    {
      field: 'options',
      header: 'Options',
      body: (e) => (
        <span className="stat-event-options">
          <Link to={`/event/${e.match_id}/edit?mode=edit`} className="p-button p-button-text p-button-sm" aria-label={`Edit events of match ${e.match_id}`}>
            Edit
          </Link>
          <ConfirmDeleteButton
            label={`Delete event ${e.id}`}
            disabled={busy === e.id}
            warning={editingNow(editors, 'stat events')}
            onConfirm={() => void remove(e)}
          />
        </span>
      ),
    },
  ];
  return (
    <section aria-labelledby="screen-title" className="stat-events">
      {matchId === null ? <h1 id="screen-title">Stat events</h1> : <TabTitle id="screen-title" tab="stat events" />}
      <GenericTable list={list} label="Stat events" columns={columns} emptyMessage="No stat events" />
    </section>
  );
}
