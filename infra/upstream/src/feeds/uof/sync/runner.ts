import type { FeedMessage } from '@odds/protocol';
import type { Db } from '../../../db/client';
import { sports, type SyncStep } from '../../../db/schema';
import { uofSportOf } from '../sports';
import type { Ingest } from '../adapter';
import { SOURCE, SyncApplier } from './apply';
import type { CallCount, SyncApi } from './api';
import { parseFixtureEvent, parseSchedule, parseTournamentInfo, SportsApiError, type UofSportEvent, type UofTournament } from './sports-api';
import { addOutcome, emptyOutcome, fence, LeaseLost, stepDone, tournamentsOf, type Outcome, type SyncRun } from './store';

/** The match states a schedule's event status becomes (as `sport_event_status` status 5–9 does in the feed). */
const MATCH_STATES: Record<string, 'CANCELLED' | 'POSTPONED' | 'ABANDONED' | 'DELAYED' | 'INTERRUPTED'> = {
  cancelled: 'CANCELLED',
  postponed: 'POSTPONED',
  abandoned: 'ABANDONED',
  delayed: 'DELAYED',
  interrupted: 'INTERRUPTED',
};

export interface RunContext {
  db: Db;
  api: SyncApi;
  providerId: number;
  owner: string;
  language: string;
  now: () => number;
  /** Where a cancelled or postponed fixture's match state goes (the engine, or the broker's ingest); null: not sent. */
  ingest: Ingest | null;
  signal: AbortSignal;
  /** Renews the lease between steps; false when it was lost (the run stops, another worker goes on). */
  renew: () => Promise<boolean>;
}

const describe = (step: SyncStep) => (step.kind === 'live' ? 'live schedule' : step.kind === 'date' ? `schedule ${step.date}` : `${step.kind} ${step.urn}`);

/** The console sport of each UOF sport the adapter reads (`sr:sport:1` → Football's id). */
async function sportMap(db: Db): Promise<Map<string, number>> {
  const rows = await db.select({ id: sports.id, name: sports.name }).from(sports);
  const map = new Map<string, number>();
  for (const row of rows) {
    const uof = uofSportOf(row.name);
    if (uof !== null && !map.has(`sr:sport:${uof}`)) map.set(`sr:sport:${uof}`, row.id);
  }
  return map;
}

export class RunSteps {
  private tournaments = new Set<string>();
  private sportIds = new Map<string, number>();

  constructor(private readonly ctx: RunContext) {}

  private lease = () => ({ providerId: this.ctx.providerId, owner: this.ctx.owner, nowMs: this.ctx.now() });

  /** Runs the steps from the cursor on; stops early (the run stays open) when the lease is lost or the worker stops. */
  async run(run: SyncRun): Promise<'finished' | 'stopped'> {
    this.tournaments = new Set(await tournamentsOf(this.ctx.db, this.ctx.providerId));
    this.sportIds = await sportMap(this.ctx.db);
    for (let i = run.done; i < run.steps.length; i += 1) {
      if (this.ctx.signal.aborted || !(await this.ctx.renew())) return 'stopped';
      const step = run.steps[i]!;
      const outcome = emptyOutcome();
      const count: CallCount = { calls: 0, throttled: 0 };
      try {
        await this.step(run.id, step, count);
      } catch (error) {
        if (this.ctx.signal.aborted) return 'stopped';
        if (error instanceof LeaseLost) return 'stopped';
        outcome.errors.push({ step: describe(step), message: (error as Error).message.slice(0, 500) });
      }
      outcome.calls = count.calls;
      outcome.throttled = count.throttled;
      if (this.ctx.signal.aborted) return 'stopped';
      await stepDone(this.ctx.db, this.lease(), run.id, i + 1, outcome);
    }
    return 'finished';
  }

  private path(rest: string) {
    return `/v1/sports/${this.ctx.language}/${rest}`;
  }

  private async step(runId: number, step: SyncStep, count: CallCount): Promise<void> {
    const { api, signal } = this.ctx;
    if (step.kind === 'tournament') {
      const xml = await api.get('tournament', this.path(`tournaments/${encodeURIComponent(step.urn)}/info.xml`), count, signal);
      if (xml === null) throw new SportsApiError(`the vendor has no tournament ${step.urn}`);
      const info = parseTournamentInfo(xml);
      await this.tournament(runId, info.tournament, info.season);
      return;
    }
    if (step.kind === 'event') {
      const xml = await api.get('fixture', this.path(`sport_events/${encodeURIComponent(step.urn)}/fixture.xml`), count, signal);
      if (xml === null) throw new SportsApiError(`the vendor has no fixture of ${step.urn}`);
      await this.events(runId, [parseFixtureEvent(xml)], []);
      return;
    }
    const xml =
      step.kind === 'live'
        ? await api.get('live', this.path('schedules/live/schedule.xml'), count, signal)
        : await api.get('schedule', this.path(`schedules/${step.date}/schedule.xml`), count, signal);
    // A day the vendor has nothing for is an empty day.
    const { events, unreadable } = xml === null ? { events: [], unreadable: [] } : parseSchedule(xml);
    await this.events(runId, events, unreadable);
  }

  /** Why an event is not synced, or null when it is. */
  private skipReason(tournament: UofTournament): string | null {
    if (!this.tournaments.has(tournament.id)) return `tournament ${tournament.id} (${tournament.name}) is not opted in`;
    if (!this.sportIds.has(tournament.sport.id))
      return tournament.sport.id === 'sr:sport:1'
        ? `no console sport is football (${tournament.sport.name}): add the sport Football first`
        : `${tournament.sport.name} is not synced: the adapter reads football only`;
    return null;
  }

  private async tournament(runId: number, tournament: UofTournament, season: UofSportEvent['season']): Promise<void> {
    const reason = this.skipReason(tournament);
    if (reason) throw new SportsApiError(reason);
    await this.write(
      runId,
      async (applier) => {
        const leagueId = await applier.league(tournament);
        if (season) await applier.season(leagueId, season);
      },
      this.sportIds.get(tournament.sport.id)!,
    );
  }

  /** Each event in a transaction of its own (with its counters): a crash leaves whole events behind, never half of one. */
  private async events(runId: number, events: UofSportEvent[], unreadable: { ref: string; reason: string }[]): Promise<void> {
    const skipped = emptyOutcome();
    for (const u of unreadable) {
      skipped.skipped += 1;
      skipped.skips.push(u);
    }
    for (const event of events) {
      if (this.ctx.signal.aborted) return;
      const reason = this.skipReason(event.tournament);
      if (reason) {
        skipped.skipped += 1;
        skipped.skips.push({ reason, ref: event.id });
        continue;
      }
      let matchId = 0;
      await this.write(
        runId,
        async (applier, outcome) => {
          const leagueId = await applier.league(event.tournament);
          const seasonId = event.season ? await applier.season(leagueId, event.season) : null;
          const home = await applier.team(event.home);
          const away = await applier.team(event.away);
          const result = await applier.match(event, { leagueId, seasonId, home, away });
          matchId = result.matchId;
          if (result.linkSkipped) outcome.skips.push({ reason: result.linkSkipped.replace(/\d+/g, 'N'), ref: `${event.id}: ${result.linkSkipped}` });
        },
        this.sportIds.get(event.tournament.sport.id)!,
      );
      await this.matchState(matchId, event);
    }
    if (skipped.skipped)
      await this.ctx.db.transaction(async (tx) => {
        await fence(tx, this.ctx.providerId, this.ctx.owner, this.ctx.now());
        await addOutcome(tx, runId, skipped, this.ctx.now());
      });
  }

  /** One fenced transaction: the rows, their history and notices, and the run's counters. */
  private async write(runId: number, work: (applier: SyncApplier, outcome: Outcome) => Promise<void>, sportId: number): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      await fence(tx, this.ctx.providerId, this.ctx.owner, this.ctx.now());
      const applier = new SyncApplier(tx, this.ctx.providerId, sportId, new Date(this.ctx.now()));
      const outcome = emptyOutcome();
      await work(applier, outcome);
      await applier.audit();
      outcome.changes = applier.changes;
      outcome.created = applier.changes.filter((c) => c.action === 'create' && c.entity !== 'link').length;
      outcome.updated = applier.changes.filter((c) => c.action === 'update').length;
      outcome.unchanged = applier.unchanged;
      await addOutcome(tx, runId, outcome, this.ctx.now());
    });
  }

  /**
   * A cancelled, postponed, abandoned… fixture: its match state, as the feed's sport_event_status
   * would set it, through the engine (stored once: the source id names the event and state).
   */
  private async matchState(matchId: number, event: UofSportEvent): Promise<void> {
    const state = event.status ? MATCH_STATES[event.status] : undefined;
    if (!state || !this.ctx.ingest || !matchId) return;
    const message: FeedMessage = {
      type: 'event',
      source_id: `${SOURCE}-sync:${event.id}:match_state:${state}`,
      sent_at: new Date(this.ctx.now()).toISOString(),
      kind: 'match_state',
      state,
      match_time: null,
      reason: `uof sync: the vendor's schedule has the match ${event.status}`,
    };
    await this.ctx.ingest.ingest(matchId, [message]);
  }
}
