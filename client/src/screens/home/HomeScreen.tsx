import type { Delivery, Match } from '@odds/protocol';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { GenericTable, type TableColumn } from '../../components/table';
import { formatDateTime } from '../../lib/format';
import { MENU_LINKS } from '../../components/menu/menu';
import { contextStore, findById } from '../../stores/context';
import { sessionStore } from '../../stores/session';
import { useHomeLists } from './useHomeLists';
import './home.css';

const MATCH_COLUMNS: TableColumn<Match>[] = [
  { field: 'name', header: 'Match', sortable: true, body: (m) => <Link to={`/match/${m.id}`}>{m.name}</Link> },
  { field: 'start', header: 'Start time', sortable: true, className: 'nowrap', body: (m) => formatDateTime(m.start) },
  { field: 'league', header: 'League', sortable: true, body: (m) => <Link to={`/league/${m.league.id}/matches`}>{m.league.name}</Link> },
];

const DELIVERY_COLUMNS: TableColumn<Delivery>[] = [
  { field: 'title', header: 'Title', body: (d) => d.log.subject ?? '' },
  { field: 'channel', header: 'Channel', body: (d) => d.channel.name },
  { field: 'contact', header: 'Contact', body: (d) => d.contact.name },
  { field: 'sent_at', header: 'Sent At', sortable: true, className: 'nowrap', body: (d) => (d.sent_at ? formatDateTime(d.sent_at) : '') },
  { field: 'match', header: 'Match', body: (d) => <Link to={`/match/${d.match_id}/delivery`}>{d.match_id}</Link> },
];

/** Kick-offs this close are "starting soon": the live list says so rather than that nothing is live. */
const SOON_MS = 60 * 60 * 1000;

/**
 * What the live list says when it is empty: the next kick-off when one is near (the demo's replayed
 * match is in its pre-match phase for the first minutes after start), else that nothing is live.
 */
export function noLiveMessage(next: Pick<Match, 'name' | 'start'> | undefined, now = Date.now()): string {
  const wait = next ? Date.parse(next.start) - now : Infinity;
  if (!next || wait > SOON_MS || wait < 0) return 'No live matches right now';
  return `No live matches right now. Starting soon: ${next.name} at ${formatDateTime(next.start)}`;
}

const soonest = (matches: readonly Match[]) => matches.reduce<Match | undefined>((first, m) => (!first || m.start < first.start ? m : first), undefined);

/** A new deployment has no provider: the first step is making one (docs/deploying.md, first run). */
function NoProviderYet({ admin }: { admin: boolean }) {
  return (
    <p role="status">
      There is no provider yet: leagues, teams and matches belong to one.{' '}
      {admin ? (
        <>
          Create it in <Link to="/catalog?tab=providers">Catalog → Providers</Link>, then fill it by hand there or from the vendor in Feed health → Catalog
          sync.
        </>
      ) : (
        'An admin creates one in Catalog.'
      )}
    </p>
  );
}

/** Home (/ and /home): what is live and coming for the chosen provider and sport, recent deliveries, and the way in. */
export default function HomeScreen() {
  const context = useSnapshot(contextStore);
  const admin = useSnapshot(sessionStore).user?.admin === true;
  const provider = findById(context.providers, context.providerId);
  const sport = findById(context.sports, context.sportId);
  const { live, upcoming, deliveries } = useHomeLists();
  return (
    <section aria-labelledby="screen-title" className="home-screen">
      <h1 id="screen-title">Home</h1>
      {context.status === 'ready' && context.providers.length === 0 ? (
        <NoProviderYet admin={admin} />
      ) : (
        <p>
          Working on {sport?.name ?? `sport ${context.sportId}`} for {provider?.name ?? `provider ${context.providerId}`}. Change either in the top bar; every
          list follows.
        </p>
      )}
      <nav aria-label="Areas" className="home-areas">
        {MENU_LINKS.filter((link) => link.to !== '/').map((link) => (
          <Link key={link.to} to={link.to} className="home-area">
            <i className={link.icon} aria-hidden="true" />
            <span>{link.label}</span>
          </Link>
        ))}
      </nav>
      <div className="home-lists">
        <section aria-labelledby="live-title">
          <h2 id="live-title">Live matches</h2>
          <GenericTable list={live} columns={MATCH_COLUMNS} label="Live matches" emptyMessage={noLiveMessage(soonest(upcoming.rows))} />
        </section>
        <section aria-labelledby="upcoming-title">
          <h2 id="upcoming-title">Upcoming matches</h2>
          <GenericTable list={upcoming} columns={MATCH_COLUMNS} label="Upcoming matches" emptyMessage="No upcoming matches" />
        </section>
      </div>
      <section aria-labelledby="deliveries-title">
        <h2 id="deliveries-title">
          Recent deliveries{' '}
          <Link to="/reports" className="see-all">
            All reports
          </Link>
        </h2>
        <GenericTable list={deliveries} columns={DELIVERY_COLUMNS} label="Recent deliveries" emptyMessage="No deliveries yet" />
      </section>
    </section>
  );
}
