import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../../../db/client';
import type { SyncStep } from '../../../db/schema';
import { sleep } from '../../sleep';
import type { Ingest } from '../adapter';
import { uofApiCall, type UofApiCall } from '../api-client';
import { SyncApi } from './api';
import { RunSteps } from './runner';
import type { SyncSettings } from './settings';
import { claim, finishRun, pendingHints, providersToSync, readRun, release, startRun, tournamentsOf, type SyncRun, type SyncState } from './store';

interface Logger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface SyncWorkerOptions {
  db: Db;
  settings: SyncSettings;
  log: Logger;
  ingest?: Ingest | null;
  /** The vendor's API (tests give the stand-in's or a wrapper of it); default: UOF_API_URL with UOF_TOKEN. */
  call?: UofApiCall;
  now?: () => number;
  /** How often the worker looks for work (default 2 s: a Sync now or a fixture change waits at most this long). */
  tickMs?: number;
  /** Names the worker in the lease (default host, pid and a random part). */
  owner?: string;
  /** Backoff of the API client (tests shorten it). */
  firstBackoffMs?: number;
  maxAttempts?: number;
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The catalog sync worker (docs/catalog.md): every tick it takes each provider with work that no
 * other worker holds (a lease), finishes the run a stopped worker left (from its cursor), else
 * starts what is due: a Sync now, the fixtures of fixture changes, the horizon (daily), the live
 * schedule (every few minutes). One run at a time per provider; one provider after the other.
 */
export class SyncWorker {
  readonly owner: string;
  private readonly api: SyncApi;
  private readonly now: () => number;
  private readonly stopping = new AbortController();
  private loop: Promise<void> | null = null;
  private readonly held = new Set<number>();

  constructor(private readonly options: SyncWorkerOptions) {
    this.owner = options.owner ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.now = options.now ?? Date.now;
    this.api = new SyncApi({
      call: options.call ?? uofApiCall(options.settings.apiUrl, options.settings.token),
      ratesPerMinute: options.settings.ratesPerMinute,
      now: this.now,
      ...(options.firstBackoffMs !== undefined && { firstBackoffMs: options.firstBackoffMs }),
      ...(options.maxAttempts !== undefined && { maxAttempts: options.maxAttempts }),
    });
  }

  start(): this {
    this.loop ??= (async () => {
      while (!this.stopping.signal.aborted) {
        try {
          await this.tick();
        } catch (error) {
          this.options.log.warn({ err: error }, 'catalog sync tick failed');
        }
        await sleep(this.options.tickMs ?? 2_000, this.stopping.signal);
      }
    })();
    return this;
  }

  /** Stops after the event in hand and lets its providers go (a run in progress is finished by the next worker, from its cursor). */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.loop;
    for (const providerId of this.held) await release(this.options.db, providerId, this.owner).catch(() => undefined);
  }

  /** Stops at once without letting go (a crash, as tests make one): the lease runs out on its own. */
  async kill(): Promise<void> {
    this.stopping.abort();
    await this.loop?.catch(() => undefined);
  }

  /** One look at every provider with work. */
  async tick(): Promise<void> {
    for (const providerId of await providersToSync(this.options.db)) {
      if (this.stopping.signal.aborted) return;
      await this.provider(providerId);
    }
  }

  private lease = async (providerId: number): Promise<SyncState | null> => {
    const state = await claim(this.options.db, providerId, this.owner, this.now(), this.options.settings.leaseS * 1000);
    if (state) this.held.add(providerId);
    else this.held.delete(providerId);
    return state;
  };

  private async provider(providerId: number): Promise<void> {
    const state = await this.lease(providerId);
    if (!state) return;
    let run = state.runId === null ? null : await readRun(this.options.db, state.runId);
    run ??= await this.plan(providerId, state);
    if (!run) return;
    const steps = new RunSteps({
      db: this.options.db,
      api: this.api,
      providerId,
      owner: this.owner,
      language: 'en',
      now: this.now,
      ingest: this.options.ingest ?? null,
      signal: this.stopping.signal,
      renew: async () => (await this.lease(providerId)) !== null,
    });
    if ((await steps.run(run)) === 'stopped') return;
    const finished = await finishRun(this.options.db, { providerId, owner: this.owner, nowMs: this.now() }, run);
    this.options.log.info(
      {
        providerId,
        run: finished.id,
        kind: finished.kind,
        status: finished.status,
        created: finished.created,
        updated: finished.updated,
        skipped: finished.skipped,
      },
      'catalog sync run finished',
    );
  }

  /** The horizon's steps: each opted-in tournament (its league and current season), then each day's schedule. */
  private async horizon(providerId: number): Promise<SyncStep[]> {
    const { settings } = this.options;
    const first = settings.startDate ? Date.parse(settings.startDate) : Date.parse(isoDay(this.now()));
    const tournaments = await tournamentsOf(this.options.db, providerId);
    return [
      ...tournaments.map((urn): SyncStep => ({ kind: 'tournament', urn })),
      ...Array.from({ length: settings.horizonDays }, (_, i): SyncStep => ({ kind: 'date', date: isoDay(first + i * DAY_MS) })),
    ];
  }

  /** What is due for the provider, started as a run; null when nothing is. */
  private async plan(providerId: number, state: SyncState): Promise<SyncRun | null> {
    const lease = { providerId, owner: this.owner, nowMs: this.now() };
    const { settings } = this.options;
    const due = (last: Date | null, everyS: number) => last === null || lease.nowMs - last.getTime() >= everyS * 1000;
    const base = { requestedBy: null, takesHints: false, answersRequest: false };
    if (state.requestedAt) {
      const steps = [...(await this.horizon(providerId)), { kind: 'live' } as const];
      return startRun(this.options.db, lease, { ...base, kind: 'manual', steps, requestedBy: state.requestedBy, answersRequest: true });
    }
    const hints = await pendingHints(this.options.db, providerId);
    if (hints.length)
      return startRun(this.options.db, lease, { ...base, kind: 'fixture', steps: hints.map((urn) => ({ kind: 'event', urn })), takesHints: true });
    if (!(await tournamentsOf(this.options.db, providerId)).length) return null;
    if (due(state.lastScheduleAt, settings.scheduleEveryS))
      return startRun(this.options.db, lease, { ...base, kind: 'schedule', steps: await this.horizon(providerId) });
    if (due(state.lastLiveAt, settings.liveEveryS)) return startRun(this.options.db, lease, { ...base, kind: 'live', steps: [{ kind: 'live' }] });
    return null;
  }
}
