import { routes, type CatalogSyncRun, type CatalogSyncStatus } from '@odds/protocol';
import { InputText } from 'primereact/inputtext';
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { api } from '../../api/client';
import { invalidateRoute, useApiQuery } from '../../api/queries';
import { formatDateTime } from '../../lib/format';
import { contextStore } from '../../stores/context';
import { sessionStore } from '../../stores/session';
import { HealthTable } from './HealthTable';

const when = (iso: string | null) => (iso ? formatDateTime(iso, { seconds: true }) : '—');
const URN = /^sr:(simple_)?tournament:\d{1,12}$/;
/** While the worker has work in sight the panel reads again this often (the worker looks every 2 s). */
const WATCH_MS = 2_000;
/** After an admin's action (a tournament added starts a run on the worker's next look) it is watched this long. */
const WATCH_AFTER_ACTION_MS = 15_000;

type Change = CatalogSyncRun['changes'][number];
const where = (c: Change) => (c.entity === 'league' ? `/league/${c.id}/matches` : c.entity === 'match' || c.entity === 'link' ? `/match/${c.id}` : null);

/** One row the run created or changed: what it is, its name as the console has it (a link to it), the vendor's id, the fields written. */
function ChangeItem({ change }: { change: Change }) {
  const to = change.id === undefined ? null : where(change);
  const name = change.name ?? change.ref;
  return (
    <li>
      {change.entity === 'link' ? 'match ' : `${change.entity} `}
      {to ? <Link to={to}>{name}</Link> : name}
      {change.entity === 'link' ? ` linked to UOF event ${change.ref}` : ` (${change.ref})`}
      {change.action === 'update' ? `: ${change.fields.join(', ')}` : ''}
    </li>
  );
}

/** A count of the run with, when it has any, the list of what it stands for. */
function Counted({ count, changes }: { count: number; changes: Change[] }) {
  return (
    <td>
      {count}
      {changes.length ? (
        <details>
          <summary>what</summary>
          <ul>
            {changes.map((c) => (
              <ChangeItem key={`${c.entity} ${c.ref}`} change={c} />
            ))}
          </ul>
        </details>
      ) : null}
    </td>
  );
}

function RunRow({ run }: { run: CatalogSyncRun }) {
  return (
    <tr data-testid={`catalog-sync-run-${run.id}`} className={run.status === 'failed' ? 'feed-health-stalled' : undefined}>
      <td>{when(run.started_at)}</td>
      <td>
        {run.kind}
        {run.requested_by ? ` (${run.requested_by})` : ''}
      </td>
      <td>
        {run.status}
        {run.status === 'running' ? ` ${run.done}/${run.steps}` : ''}
        {run.takeovers ? `, taken over ${run.takeovers}×` : ''}
      </td>
      <Counted count={run.created} changes={run.changes.filter((c) => c.action === 'create')} />
      <Counted count={run.updated} changes={run.changes.filter((c) => c.action === 'update')} />
      <td>{run.unchanged}</td>
      <td>
        {run.skipped}
        {run.skips.length ? (
          <details>
            <summary>why</summary>
            <ul>
              {run.skips.map((s) => (
                <li key={s.reason}>
                  {s.count} × {s.reason} ({s.refs.join(', ')})
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </td>
      <td>
        {run.calls}
        {run.throttled ? ` (${run.throttled} × 429)` : ''}
      </td>
      <td className="feed-health-reason">{run.errors.length ? run.errors.map((e) => `${e.step}: ${e.message}`).join('; ') : '—'}</td>
    </tr>
  );
}

/**
 * The catalog sync of the selected provider (docs/catalog.md): the tournaments it keeps in sync,
 * who holds it, the last runs with what each created, updated, left as it was and skipped (and
 * why), calls and 429s, errors; admins opt tournaments in and out and press Sync now (asked
 * twice, it is one request). The panel reads again every 2 s while a Sync now waits, a run is under
 * way or an admin has just acted; otherwise with Refresh.
 */
export function CatalogSyncPanel() {
  const { providerId } = useSnapshot(contextStore);
  const admin = useSnapshot(sessionStore).user?.admin === true;
  const { query, busy, act, refresh } = useCatalogSync(providerId);
  const [urn, setUrn] = useState('');
  const status = query.data;
  return (
    <>
      <h2>Catalog sync</h2>
      {query.error ? (
        <p className="form-error" role="alert">
          {query.error.message}
        </p>
      ) : null}
      {!status ? <p>Loading...</p> : null}
      {status ? (
        <>
          <CatalogSyncSummary status={status} />
          <div className="catalog-sync-actions">
            {admin ? (
              <button
                type="button"
                className="p-button p-button-sm"
                disabled={busy || !status.available || status.requested_at !== null}
                onClick={() => void act(() => api(routes.catalogSyncNow, { params: { providerId } }))}
              >
                Sync now
              </button>
            ) : null}
            <button type="button" className="p-button p-button-text p-button-sm" onClick={refresh}>
              Refresh
            </button>
          </div>
          <HealthTable
            label="Synced tournaments"
            columns={['Tournament', 'Opted in by', 'Since', 'Action']}
            rows={status.tournaments}
            empty="No tournament is synced for this provider"
            row={(t) => (
              <tr key={t.tournament}>
                <td>{t.tournament}</td>
                <td>{t.added_by}</td>
                <td>{when(t.added_at)}</td>
                <td>
                  {admin ? (
                    <button
                      type="button"
                      className="p-button p-button-sm p-button-text"
                      disabled={busy}
                      onClick={() => void act(() => api(routes.catalogSyncTournamentRemove, { params: { providerId, tournament: t.tournament } }))}
                    >
                      Stop syncing
                    </button>
                  ) : null}
                </td>
              </tr>
            )}
          />
          {admin ? <AddTournamentForm providerId={providerId} urn={urn} setUrn={setUrn} busy={busy} act={act} /> : null}
          <HealthTable
            label="Catalog sync runs"
            columns={['Started', 'Kind', 'Status', 'Created', 'Updated', 'Unchanged', 'Skipped', 'Calls', 'Errors']}
            rows={status.runs}
            empty="No run yet"
            row={(run) => <RunRow key={run.id} run={run} />}
          />
        </>
      ) : null}
    </>
  );
}

/**
 * The provider's catalog sync status, read again every 2 s while a Sync now waits, a run is under
 * way or an admin has just acted; and an admin's action, which starts that watch.
 */
function useCatalogSync(providerId: number) {
  const [watchUntil, setWatchUntil] = useState(0);
  const query = useApiQuery(
    routes.catalogSync,
    { params: { providerId }, silent: true },
    {
      staleTime: 5_000,
      readAgain: (status) => (status?.requested_at || status?.runs.some((run) => run.status === 'running') || Date.now() < watchUntil ? WATCH_MS : false),
    },
  );
  const [busy, setBusy] = useState(false);
  const refresh = useCallback(() => void invalidateRoute(routes.catalogSync), []);
  const act = useCallback(
    async (work: () => Promise<unknown>) => {
      setBusy(true);
      setWatchUntil(Date.now() + WATCH_AFTER_ACTION_MS);
      try {
        await work();
      } catch {
        // Shown by the API client (the server's message).
      } finally {
        setBusy(false);
        refresh();
      }
    },
    [refresh],
  );
  return { query, busy, act, refresh };
}

/** How often the worker reads the vendor's schedules, when it last did, who holds the sync, and a Sync now waiting. */
function CatalogSyncSummary({ status }: { status: CatalogSyncStatus }) {
  return (
    <p data-testid="catalog-sync-summary">
      {status.available
        ? `Reads ${status.settings.horizon_days} days of the vendor's schedule every ${Math.round(status.settings.schedule_every_s / 3600)} h and the live schedule every ${Math.round(status.settings.live_every_s / 60)} min. `
        : `${status.reason} `}
      Last schedule {when(status.last_schedule_at)}, last live schedule {when(status.last_live_at)}
      {status.owner ? `; held by ${status.owner}` : ''}
      {status.requested_at ? `; Sync now asked by ${status.requested_by ?? '?'} at ${when(status.requested_at)}` : ''}.
    </p>
  );
}

/** An admin opts a UOF tournament in (`sr:tournament:16`): a run starts on the worker's next look. */
function AddTournamentForm({
  providerId,
  urn,
  setUrn,
  busy,
  act,
}: {
  providerId: number;
  urn: string;
  setUrn: (urn: string) => void;
  busy: boolean;
  act: (work: () => Promise<unknown>) => Promise<void>;
}) {
  return (
    <form
      className="catalog-sync-add"
      onSubmit={(event) => {
        event.preventDefault();
        const tournament = urn.trim();
        void act(async () => {
          await api(routes.catalogSyncTournamentAdd, { params: { providerId, tournament } });
          setUrn('');
        });
      }}
    >
      <label htmlFor="catalog-sync-urn">UOF tournament</label>{' '}
      <InputText id="catalog-sync-urn" value={urn} placeholder="sr:tournament:16" onChange={(e) => setUrn(e.target.value)} />{' '}
      <button type="submit" className="p-button p-button-sm p-button-outlined" disabled={busy || !URN.test(urn.trim())}>
        Sync this tournament
      </button>
    </form>
  );
}
