import type { DeliveryStats, FeedMessage, IngestReply } from '@odds/protocol';
import type { Db, Tx } from '../db/client';
import { Errors } from '../errors';
import { spans } from '../spans';
import { ChangeBus } from '../notices/bus';
import { createSmtpSender, type SmtpSender } from '../mail/smtp';
import { clearMatch } from './clear-match';
import { Compliance, type ComplianceGate } from './compliance/gate';
import { complianceSettingsFrom } from './compliance/settings';
import { Dispatcher, type DispatcherOptions } from './dispatch';
import { dispatchJobs } from './dispatch-jobs';
import { loadState, loadStatic } from './load';
import type { MatchState } from './match-state';
import { claimPushes, decidedVersions, pushedContacts, refreshPushTimes, spansMatches, StaleLedger } from './push-ledger';
import { pushedOffer, RateLimiter } from './rate-limit';
import { emptyDecisions, type Decisions } from './records';
import { runMessages, type RunResult } from './run';
import { contactsMatter, knownVersions, movedScopes, scopeVersions } from './scopes';
import { retryFailed } from './retries';
import { DEFAULT_RETRY_POLICY } from './retry-policy';
import { SendStops } from './send-stops';
import { refreshDeliveryStats } from './stats';
import { defaultWebhookSettings, type WebhookSettings } from './channels/webhook-settings';
import { StaleMatch, StaleScopes, storeDecisions, type Stored } from './store';

export interface EngineOptions {
  /** smtp://host:port of the mail server for EMAIL contacts; without it emails are only recorded. */
  smtpUrl?: string | null;
  smtpFrom?: string;
  /** Send PENDING deliveries (webhook, SMTP) after each ingest; off when seeding. */
  dispatch?: boolean;
  /** Date rows by the feed clock (seeding past matches). */
  stampAtFeedTime?: boolean;
  bus?: ChangeBus;
  now?: () => number;
  /** Concurrency, timeout and retry policy of the sends (dispatch.ts); the clock is `now`. */
  sending?: Omit<DispatcherOptions, 'now'>;
  /**
   * No other engine writes this database (PGlite is in-process): the push ledger of rate-limited
   * contacts then moves only by this engine's commits, so a cached match's batch is decided on the
   * push times held and the write checks their ledger versions, instead of reading them before
   * each batch. Were another engine writing after all, it would cost batches decided again, never
   * a wrong decision.
   */
  onlyWriter?: boolean;
}

/** What a batch's write left: its rows' ids, the push-ledger versions it decided with and those it moved. */
interface Written {
  stored: Stored;
  decided: Map<number, number>;
  moved: Map<number, number>;
}

/**
 * The live engine of one database: ingests feed messages of a match, evaluates each new offer
 * against the match's threshold sets, and records (and, where a channel can be reached, sends)
 * the deliveries, suppressions and firings, all of a batch in one transaction. Batches of one
 * match run one at a time; different matches run side by side. Caches are per match and a match
 * reloads only when one of its invalidation scopes moved (scopes.ts: its sets and content, its
 * provider's market settings, a contact of its audience, ...), whoever made the change.
 */
export class Engine {
  readonly bus: ChangeBus;
  /**
   * For a worker's /metrics: match states loaded, cached ones read again after a change, changes
   * of a match's contacts scope that concerned none of its contacts (no reload), batches decided again.
   */
  readonly counters = { loads: 0, reloads: 0, unaffected: 0, redecided: 0 };
  private readonly limiter = new RateLimiter();
  private readonly states = new Map<number, MatchState>();
  private readonly queues = new Map<number, Promise<unknown>>();
  private readonly smtp: SmtpSender | null;
  private readonly dispatcher: Dispatcher | null;
  /** Where webhooks may go, their signing, simulated figures, tracked links (the contacts routes check destinations with it). */
  readonly webhooks: WebhookSettings;
  private readonly now: () => number;
  /**
   * Contacts whose vendor channel has no credentials are recorded with simulated figures (the
   * embedded demo, and an engine given no channel settings: seeding, tests) instead of suppressed.
   */
  private readonly simulateUnconfigured: boolean;
  /** The checks before every send (docs/compliance.md). */
  readonly compliance: Compliance;
  /** The kill switch (send-stops.ts): read when a batch is decided, and by the dispatcher before every call. */
  readonly stops: SendStops;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Db | Tx,
    private readonly options: EngineOptions = {},
  ) {
    this.bus = options.bus ?? new ChangeBus();
    this.now = options.now ?? Date.now;
    this.simulateUnconfigured = options.sending?.channels?.simulateUnconfigured ?? true;
    this.smtp = options.smtpUrl ? createSmtpSender(options.smtpUrl, options.smtpFrom ?? 'offers@odds-console.local') : null;
    this.webhooks = options.sending?.webhooks ?? defaultWebhookSettings();
    this.compliance = new Compliance(db, options.sending?.channels?.compliance ?? complianceSettingsFrom({}, null, false), this.limiter, this.now);
    this.stops = new SendStops(db);
    // A notice of the switch (any process's) drops the copy held at once.
    this.unsubscribe = this.bus.subscribe((notice) => {
      if (notice.entities?.some((e) => e.entity === 'send_stop')) this.stops.forget();
    });
    this.dispatcher =
      options.dispatch === false
        ? null
        : new Dispatcher(db as Db, this.bus, this.smtp, { ...options.sending, webhooks: this.webhooks, now: this.now, stops: this.stops });
  }

  /** Runs `work` after the match's earlier batches (one writer per match). */
  private exclusive<T>(matchId: number, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(matchId) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.catch(() => undefined);
    this.queues.set(matchId, settled);
    void settled.then(() => {
      if (this.queues.get(matchId) === settled) this.queues.delete(matchId);
    });
    return next;
  }

  /** Forgets every cache (after a failed write: memory may be ahead of the database). */
  private forgetAll(): void {
    this.states.clear();
    this.limiter.clear();
  }

  /**
   * The match's state, current with its scopes, and the ledger versions of its rate-limited contacts
   * when they were read with the scopes (a cached match whose scopes did not move: one read). A
   * cached match with no rate-limited contact, or one whose contacts' push times are held by the
   * only writer (`onlyWriter`), is not read at all (`unchecked`): the batch's write checks its
   * scopes and those contacts' ledger instead (store-head.ts), and a moved one refuses it
   * (StaleScopes, StaleLedger).
   */
  private async stateOf(matchId: number, reloading = false): Promise<{ state: MatchState; ledger?: Map<number, number>; unchecked?: number[] }> {
    const known = this.states.get(matchId);
    if (known) {
      const { statics } = known;
      const limited = [...statics.contacts.values()].filter(spansMatches).map((c) => c.id);
      if (!limited.length || (this.options.onlyWriter && limited.every((id) => this.limiter.versionOf(id) >= 0))) return { state: known, unchecked: limited };
      const now = await knownVersions(this.db, [...statics.versions.keys()], limited);
      if (!movedScopes(statics.versions, now.scopes).length) return { state: known, ledger: now.ledger };
    }
    const versions = await scopeVersions(this.db, matchId);
    if (!versions) throw new Errors.NotFound('Match', matchId);
    if (known && (!movedScopes(known.statics.versions, versions).length || (await this.unaffectedBy(known.statics, versions)))) return { state: known };
    const statics = await loadStatic(this.db, matchId, versions);
    if (!statics) throw new Errors.NotFound('Match', matchId);
    if (known) {
      this.counters.reloads += 1;
      known.statics = statics;
      return { state: known };
    }
    const state = await loadState(this.db, statics, this.limiter);
    if (!reloading) this.counters.loads += 1;
    this.states.set(matchId, state);
    return { state };
  }

  /** A batch of a match's feed, in the span `engine ingest` (docs/tracing.md) with what it decided. */
  ingest(matchId: number, messages: FeedMessage[]): Promise<IngestReply> {
    const attributes = { 'odds.match_id': matchId, 'odds.messages': messages.length };
    return spans.run('engine ingest', { attributes }, (span) =>
      this.exclusive(matchId, async () => {
        const reply = await this.ingestNow(matchId, messages);
        span.setAttributes({
          'odds.offers': reply.offers,
          'odds.duplicates': reply.duplicates,
          'odds.firings': reply.firings,
          'odds.deliveries': reply.deliveries,
          'odds.suppressions': reply.suppressions,
        });
        return reply;
      }),
    );
  }

  /**
   * Whether the scopes that moved (`now`) leave the cached match as it was: only its contacts scope
   * moved, by changes to none of its contacts (then its versions are taken as current).
   */
  private async unaffectedBy(statics: MatchState['statics'], now: Map<string, number>): Promise<boolean> {
    const moved = movedScopes(statics.versions, now);
    const [scope] = moved;
    if (moved.length !== 1 || !scope!.startsWith('contacts:') || (await contactsMatter(this.db, statics, scope!, statics.versions.get(scope!) ?? 0)))
      return false;
    this.counters.unaffected += 1;
    statics.versions = now;
    return true;
  }

  private async ingestNow(matchId: number, messages: FeedMessage[], attempt = 1, reloading = false): Promise<IngestReply> {
    const nowMs = this.now();
    const { state, ledger, unchecked } = await this.stateOf(matchId, reloading);
    // Before the push times are read: the view marks which contacts a daily cap makes span matches.
    const compliance = await this.compliance.prepare(state.statics);
    // Rate limits span matches that other workers own (push-ledger.ts); unchecked: the write checks them.
    if (!unchecked) await refreshPushTimes(this.db, state.statics.contacts.values(), this.limiter, ledger);
    const decisions = emptyDecisions();
    const decidedAfterMs = state.live.lastMessageMs;
    const stopped = await this.stops.refusal(state.statics.match.providerId, true);
    let outcome: { run: RunResult; written: Written };
    try {
      const run = this.decide(state, messages, decisions, { matchId, attempt, nowMs, compliance, stopped });
      outcome = { run, written: await this.write(state, run, decisions, { matchId, nowMs, decidedAfterMs, unchecked }) };
    } catch (error) {
      const again = this.prepareAgain(error, matchId, decisions, attempt);
      if (again) return this.ingestNow(matchId, messages, attempt + 1, again === 'reload');
      this.forgetAll();
      throw error;
    }
    const { run, written } = outcome;
    this.committed(matchId, state, decisions, run, written);
    return {
      accepted: messages.length - run.duplicates,
      duplicates: run.duplicates,
      stale: run.stale,
      offers: decisions.offers.length,
      events: run.events.length,
      firings: decisions.firings.length,
      deliveries: decisions.deliveries.length,
      suppressions: decisions.suppressions.length,
    };
  }

  /** The decision (docs/tracing.md): who gets which offer, and what is held back, in `decisions`. */
  private decide(
    state: MatchState,
    messages: FeedMessage[],
    decisions: Decisions,
    { matchId, attempt, nowMs, compliance, stopped }: { matchId: number; attempt: number; nowMs: number; compliance: ComplianceGate; stopped: string | null },
  ): RunResult {
    return spans.run('engine decide', { attributes: { 'odds.match_id': matchId, 'odds.attempt': attempt } }, (span) => {
      const result = runMessages(state, messages, decisions, {
        limiter: this.limiter,
        smtp: this.smtp !== null,
        nowMs,
        simulatedStats: this.webhooks.simulatedStats,
        simulateUnconfigured: this.simulateUnconfigured,
        compliance,
        stopped,
      });
      span.setAttributes({
        'odds.firings': decisions.firings.length,
        'odds.deliveries': decisions.deliveries.length,
        'odds.suppressions': decisions.suppressions.length,
      });
      return result;
    });
  }

  /**
   * The decisions written in one transaction with the pushes they claim (push-ledger.ts); nothing
   * when the batch brought nothing new. A scope change that concerns none of the match's contacts
   * leaves the decisions standing: written again. Other Stale* errors are the caller's.
   */
  private async write(
    state: MatchState,
    run: RunResult,
    decisions: Decisions,
    { matchId, nowMs, decidedAfterMs, unchecked }: { matchId: number; nowMs: number; decidedAfterMs: number | null; unchecked: number[] | undefined },
  ): Promise<Written> {
    const decided = decidedVersions(pushedContacts(decisions.deliveries), this.limiter);
    // Unread contacts' push times as decided with (those it pushes to are claimed: push-ledger.ts).
    const ledgerHeld =
      unchecked &&
      decidedVersions(
        unchecked.filter((id) => !decided.has(id)),
        this.limiter,
      );
    const kickOffMs = state.statics.match.played ? null : run.kickOffMs;
    let moved = new Map<number, number>();
    const write = () =>
      this.db.transaction(async (tx) => {
        moved = await claimPushes(tx, decided);
        return storeDecisions(tx, {
          matchId,
          decisions,
          events: run.events,
          state,
          decidedAfterMs,
          kickOffMs,
          stampAtFeedTime: this.options.stampAtFeedTime ?? false,
          nowMs,
          ...(unchecked && { scopes: state.statics.versions }),
          ...(ledgerHeld && { ledger: ledgerHeld }),
        });
      });
    if (run.fresh.size === 0) return { stored: { offerIds: [], deliveryIds: [], eventIds: [] }, decided, moved };
    try {
      return { stored: await write(), decided, moved };
    } catch (error) {
      if (!(error instanceof StaleScopes && (await this.unaffectedBy(state.statics, error.now)))) throw error;
      return { stored: await write(), decided, moved };
    }
  }

  /**
   * Whether a failed write is decided again, and how, with the cache and the limiter undone for it
   * (nothing was written): after an edit the match depends on (its thresholds, market settings,
   * contacts…) on the match reloaded; after another worker pushed to a contact or stored some of
   * these messages, from the tables. Null: the error stands.
   */
  private prepareAgain(error: unknown, matchId: number, decisions: Decisions, attempt: number): 'reload' | 'redecide' | null {
    if (attempt >= 10) return null;
    if (error instanceof StaleScopes) {
      this.counters.reloads += 1;
      this.states.delete(matchId);
      this.limiter.forgetMatch(matchId);
      return 'reload';
    }
    if (error instanceof StaleLedger || error instanceof StaleMatch) {
      this.counters.redecided += 1;
      this.states.delete(matchId);
      this.limiter.forgetMatch(matchId);
      this.limiter.invalidate(pushedContacts(decisions.deliveries));
      if (error instanceof StaleLedger) this.limiter.invalidate(error.contactIds);
      return 'redecide';
    }
    return null;
  }

  /** After the commit: the limiter learns the pushes, the cache the messages seen, consoles the change, and the sends go out. */
  private committed(matchId: number, state: MatchState, decisions: Decisions, run: RunResult, { stored, decided, moved }: Written): void {
    for (const [contactId, version] of moved) {
      const pushes = decisions.deliveries
        .filter((d) => d.contact.id === contactId)
        .map((d) => ({ offer: pushedOffer(matchId, decisions.offers[d.offer]!.sourceId), feedMs: d.feedMs }));
      this.limiter.committed(contactId, decided.get(contactId)!, version, pushes);
    }
    for (const id of run.fresh) state.seen.add(id);
    state.dirty.clear();
    this.announce(matchId, stored);
    this.dispatch(state, decisions, stored);
  }

  /** The batch's change notice: its publication (every one is announced, so offsets follow), with the offers when it carries them. */
  private announce(matchId: number, stored: Stored): void {
    const offerIds = stored.offerIds.filter((id): id is number => id !== null);
    if (!stored.publication && !stored.deliveryIds.length) return;
    this.bus.publish({
      match_id: matchId,
      topics: [...(stored.publication ? (['feed', 'offers'] as const) : []), ...(stored.deliveryIds.length ? (['deliveries'] as const) : [])],
      offer_ids: offerIds,
      delivery_ids: stored.deliveryIds,
      event_ids: stored.eventIds,
      ...(stored.publication && { publication: stored.publication }),
      ...(stored.carried && { offers: stored.carried }),
    });
  }

  private dispatch(state: MatchState, decisions: Decisions, stored: Stored): void {
    if (!this.dispatcher) return;
    const jobs = dispatchJobs(state.statics.match, decisions, stored, this.now());
    if (jobs.length) this.dispatcher.enqueue(jobs);
  }

  /** Forgets a match's cached state (another process reset it, or took it over meanwhile). */
  forgetMatch(matchId: number): void {
    this.states.delete(matchId);
    this.limiter.forgetMatch(matchId);
  }

  /** Sends PENDING deliveries that no sender ever claimed (a worker died after the commit); how many were queued. */
  async sweepSends(graceMs?: number): Promise<number> {
    return this.dispatcher ? this.dispatcher.sweep(graceMs) : 0;
  }

  /** Claims and sends the retries that are due, whoever planned them; how many were claimed. */
  async pollSends(): Promise<number> {
    return this.dispatcher ? this.dispatcher.poll() : 0;
  }

  /** Keeps polling for due retries and unclaimed sends (engine workers, and the embedded API process). */
  startSending(options?: Parameters<Dispatcher['start']>[0]): void {
    this.dispatcher?.start(options);
  }

  /** An operator's retry of a FAILED delivery (retries.ts), in the caller's transaction. */
  retryFailed(tx: Tx | Db, deliveryId: number): Promise<{ matchId: number }> {
    return retryFailed(tx, deliveryId, this.dispatcher?.policy ?? DEFAULT_RETRY_POLICY, this.now());
  }

  /** The sends' settings and counts (null when this engine does not send). */
  get sending(): Dispatcher | null {
    return this.dispatcher;
  }

  /** Clears a match's feed and everything the engine derived from it. */
  reset(matchId: number): Promise<number> {
    return this.exclusive(matchId, async () => {
      const deleted = await clearMatch(this.db, matchId);
      this.forgetAll();
      this.bus.publish({ match_id: matchId, topics: ['feed', 'offers', 'deliveries'], reset: true });
      return deleted;
    });
  }

  async refreshStats(deliveryId: number): Promise<DeliveryStats> {
    const stats = await refreshDeliveryStats(this.db, deliveryId, this.now(), this.webhooks, this.dispatcher?.timeoutMs ?? 5000);
    if (stats.matchId !== null) this.bus.publish({ match_id: stats.matchId, topics: ['deliveries'], delivery_ids: [deliveryId] });
    return stats.stats;
  }

  /** Waits for deliveries being sent. */
  async drain(): Promise<void> {
    await this.dispatcher?.drain();
  }

  async close(): Promise<void> {
    this.unsubscribe();
    this.dispatcher?.stop();
    await this.drain();
    this.smtp?.close();
  }
}
