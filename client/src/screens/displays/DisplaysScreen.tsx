import type { Display } from '@odds/protocol';
import { useSnapshot } from 'valtio';
import { ConfirmDeleteButton } from '../../components/confirm';
import { GenericTable, type TableColumn } from '../../components/table';
import { formatDateTime } from '../../lib/format';
import { useLeagueOptions } from '../../components/options/useLeagueOptions';
import { useMarketOptions } from '../../components/options/useMarketOptions';
import { sessionStore } from '../../stores/session';
import { CreatedDisplay } from './CreatedDisplay';
import { NewDisplayForm } from './NewDisplayForm';
import { useDisplays } from './useDisplays';
import './displays.css';

const when = (iso: string | null) => (iso ? formatDateTime(iso, { seconds: true }) : '—');

/**
 * /displays: wall screens that show live matches without a login. An operator creates a display
 * (what it shows), opens its address on the wall, and revokes it when the screen is gone. A display
 * is a long-lived credential: only admins create and revoke them; other operators see the list.
 */
export default function DisplaysScreen() {
  const { list, create, revoke, created, busy } = useDisplays();
  const admin = useSnapshot(sessionStore).user?.admin === true;
  const { leagues } = useLeagueOptions();
  const markets = useMarketOptions();
  const leagueName = (id: number | null) => leagues.find((l) => l.id === id)?.name ?? (id === null ? '' : `League ${id}`);

  const columns: TableColumn<Display>[] = [
    { field: 'name', header: 'Name' },
    {
      field: 'config',
      header: 'Shows',
      body: (d) =>
        [
          d.config.match_ids.length ? `Matches ${d.config.match_ids.join(', ')}` : '',
          d.config.league_id !== null ? `Live matches of ${leagueName(d.config.league_id)}` : '',
        ]
          .filter(Boolean)
          .join('; '),
    },
    { field: 'created_at', header: 'Created', body: (d) => `${when(d.created_at)} by ${d.created_by.name}` },
    { field: 'last_seen_at', header: 'Last seen', body: (d) => when(d.last_seen_at) },
    {
      field: 'revoked_at',
      header: 'Status',
      body: (d) =>
        d.revoked_at ? (
          <span className="display-revoked">
            Revoked {when(d.revoked_at)} by {d.revoked_by?.name}
          </span>
        ) : !admin ? (
          'Active'
        ) : (
          <ConfirmDeleteButton label={`Revoke ${d.name}`} disabled={busy === d.id} onConfirm={() => void revoke(d)} />
        ),
    },
  ];

  return (
    <section aria-labelledby="screen-title" className="displays-screen">
      <h1 id="screen-title">Wall displays</h1>
      <p className="displays-intro">
        A display is a read-only address for a wall screen: it shows live matches without anyone signed in, can do nothing else, and stops at once when revoked.
      </p>
      {admin ? (
        <NewDisplayForm leagues={leagues} markets={markets} create={create} busy={busy} />
      ) : (
        <p className="displays-intro">Only admins create and revoke displays.</p>
      )}
      {created ? <CreatedDisplay created={created} /> : null}
      <h2>Displays</h2>
      <GenericTable list={list} columns={columns} label="Displays" emptyMessage="No displays yet" />
    </section>
  );
}
