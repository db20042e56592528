import {
  buildPath,
  FEED_FETCH_LIMIT,
  isOperatorTopic,
  LIVE_TOPICS,
  routes,
  type ChangeNotice,
  type LiveTopic,
  type LiveVersions,
  type StatusPayload,
  type UpstreamState,
} from '@odds/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { RelayMetrics } from '../../metrics';
import type { LiveResponse, UpstreamClient } from '../../upstream';
import { countedGet } from './counted-get';
import type { RoomBroadcaster } from '../ground/broadcast';
import type { PollCredentials } from './credentials';
import { PollFailures } from './poll-failures';
import { isEmpty, RecordIndex, type LiveRecord } from '../state/diff';
import { TopicPoller, type PollSchedule } from './poller';
import type { SafetyClock } from './safety-clock';
import { Publications, type CarriedOffer } from './publications';
import { HeldOffers } from '../state/held-offers';
import { pushChange } from '../state/snapshot';
import type { LiveStore } from '../state/store';
import { createFetchers, noticedIds, type MatchFetchers } from './fetchers';

export interface MatchPollerDeps {
  store: LiveStore;
  upstream: UpstreamClient;
  credentials: PollCredentials;
  schedule: PollSchedule;
  broadcaster: RoomBroadcaster;
  metrics: RelayMetrics;
  log: FastifyBaseLogger;
  /** Spreads the matches' safety checks over their period (one clock per relay instance). */
  clock: SafetyClock;
}

const SEVERITY: Record<UpstreamState, number> = { ok: 0, degraded: 1, down: 2 };
/** How often the stored status is refreshed (its lastSuccessAt) when its state has not changed. */
const STATUS_REFRESH_MS = 5_000;
/** How often a watched match's stored state is kept from expiring. */
const RETAIN_EVERY_MS = 60_000;

/**
 * The pollers of one match on the instance that holds its lease: one per topic, each diffing what
 * it fetched against the last committed state and pushing only what changed, as the next seq of
 * its topic. Topics are read when a change notice names them, and when the match's safety check
 * finds their version moved: one call (live-versions) per match at its slot of the period (the
 * safety period while the change stream leads, the poll interval while it is lost), then reads of
 * only the topics whose version moved. The first check runs before the first reads, so a change
 * between them is seen by the next check rather than missed.
 */
export class MatchPoller {
  private readonly fetchers: MatchFetchers;
  private readonly pollers: Record<LiveTopic, TopicPoller>;
  /** The safety check: one call for every topic's version, then triggers of those that moved. */
  private readonly checker: TopicPoller;
  private readonly slot: number;
  /** The versions the last check found, by topic, and where the match's offers started. */
  private versions: Partial<Record<LiveTopic, string>> = {};
  private feedStart: number | null | undefined;
  private readonly indexes = Object.fromEntries(LIVE_TOPICS.map((topic) => [topic, new RecordIndex()])) as Record<LiveTopic, RecordIndex>;
  private readonly loaded = new Set<LiveTopic>();
  /** Topics whose live state is bounded: the offers, held as the newest and the outline of the rest. */
  private readonly bounded: Partial<Record<LiveTopic, HeldOffers>> = { offers: new HeldOffers() };
  /** When a notice last asked for each topic (and when the upstream sent it), for the live-path timings. */
  private readonly noticed: Partial<Record<LiveTopic, { receivedAt: number; sentAt: number }>> = {};
  /** The match's publications its notices brought (with their offers): the feed and offers apply them, and read after a gap. */
  private readonly publications = new Publications();
  private status: StatusPayload | null = null;
  private statusWrittenAt = 0;
  private retainedAt = 0;
  private stopped = false;
  private readonly failures: PollFailures;
  readonly primed: Promise<void>;

  constructor(
    readonly matchId: number,
    private readonly fence: number,
    private readonly deps: MatchPollerDeps,
    private readonly onFenced: () => void,
  ) {
    const pace = deps.schedule.pace;
    this.fetchers = createFetchers({
      matchId,
      get: this.get,
      known: (topic, id) => this.indexes[topic].has(id),
      streaming: () => pace?.streaming ?? false,
      safetyMs: pace?.safetyMs ?? deps.schedule.intervalMs,
      publications: this.publications,
    });
    const failures = new PollFailures(matchId, deps.log);
    this.failures = failures;
    const onHealth = (name: LiveTopic | 'check') => (_health: unknown, error?: unknown) => {
      if (error) failures.failed(name, error);
      else failures.succeeded(name);
      void this.updateStatus();
    };
    // Topics are read when asked (a notice, a moved version), and again after a failure until read.
    this.pollers = Object.fromEntries(
      LIVE_TOPICS.map((topic) => [
        topic,
        new TopicPoller(
          () => this.poll(topic),
          deps.schedule,
          onHealth(topic),
          () => null,
        ),
      ]),
    ) as Record<LiveTopic, TopicPoller>;
    this.slot = deps.clock.slot();
    this.checker = new TopicPoller(
      () => this.check(),
      deps.schedule,
      onHealth('check'),
      () => deps.clock.delay(this.slot, this.periodMs),
    );
    this.primed = this.checker.firstPoll.then(() => Promise.all(LIVE_TOPICS.map((topic) => this.pollers[topic].firstPoll))).then(() => undefined);
  }

  start(): void {
    this.checker.start();
    // The first reads follow the first check (its versions are then no newer than what is read).
    void this.checker.firstPoll.then(() => {
      if (this.stopped) return;
      for (const topic of LIVE_TOPICS) this.pollers[topic].start();
    });
    this.deps.metrics.activePollers.inc({}, LIVE_TOPICS.length);
  }

  /**
   * Check soon: at this match's share of `windowMs` (notices may have been missed, or the pace
   * changed), so the checks of every match polled here spread over the window.
   */
  catchUp(windowMs: number): void {
    this.checker.defer(Math.round(this.slot * windowMs));
  }

  /** The time between two safety checks as things stand. */
  private get periodMs(): number {
    const { schedule } = this.deps;
    return schedule.pace?.streaming ? schedule.pace.safetyMs : schedule.intervalMs;
  }

  /**
   * Poll now the topics a change notice named (all when it did not say which); the ids it named
   * go to the fetchers that use them. `full`: read whole topics (notices may have been missed).
   */
  trigger(topics: readonly LiveTopic[] = LIVE_TOPICS, notice?: Partial<ChangeNotice>, full = false): void {
    const receivedAt = Date.now();
    const sentAt = notice?.at ? Date.parse(notice.at) : NaN;
    if (Number.isFinite(sentAt)) this.deps.metrics.livePath.observe({ phase: 'stream' }, Math.max(0, receivedAt - sentAt) / 1000);
    // A publication already held (a split notice's other part, or one a safety check saw first) has nothing new for the feed and offers.
    const known = notice?.publication !== undefined && !this.publications.add(notice.publication, notice.offers as CarriedOffer[] | undefined);
    for (const topic of topics) {
      if (known && (topic === 'feed' || topic === 'offers')) continue;
      if (notice) this.noticed[topic] ??= { receivedAt, sentAt };
      const fetcher = this.fetchers[topic];
      if (!fetcher) continue;
      const ids = notice ? noticedIds(topic, notice) : [];
      if (ids.length) fetcher.noticed?.(ids);
      else fetcher.unnamed?.();
      if (full) fetcher.requestFull();
      this.pollers[topic].trigger();
    }
  }

  /** The upstream cleared the match's feed (a replay starting over): every topic is read whole again. */
  reset(): void {
    this.publications.clear();
    this.trigger(LIVE_TOPICS, undefined, true);
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.failures.stopped();
    this.deps.metrics.activePollers.dec({}, LIVE_TOPICS.length);
    await Promise.all([this.checker.stop(), ...LIVE_TOPICS.map((topic) => this.pollers[topic].stop())]);
  }

  /**
   * The safety check: every topic's version in one call; the topics whose version moved since the
   * last check are read (deliveries whole: a change may be deep in the window), all of them when
   * the feed was cleared. The feed and offers not when what is held reaches the match's newest
   * offer (`feed_end`): notices brought them. The operator tables only while someone here may read them.
   */
  private async check(): Promise<void> {
    const tables = this.deps.credentials.readsOperatorTables(this.matchId);
    const response = await this.get('check', buildPath(routes.matchLiveVersions, { matchId: this.matchId }), null, tables);
    if (this.stopped || response.text === null) return;
    const reply = JSON.parse(response.text) as LiveVersions;
    const first = this.feedStart === undefined;
    const cleared = !first && reply.feed_start !== this.feedStart;
    // The match's last publication, as a notice without its offers: the first check gives the
    // publications a start (the first reads follow it), a later one past them means a notice lost.
    if (reply.publication) this.publications.add(reply.publication, undefined);
    this.feedStart = reply.feed_start;
    const moved: LiveTopic[] = [];
    for (const topic of LIVE_TOPICS) {
      const version = reply.versions[topic];
      if (isOperatorTopic(topic) && !tables) {
        delete this.versions[topic];
        continue;
      }
      // The feed and offers move with every offer, which notices already brought: read only what is not held.
      const held = reply.feed_end !== null && reply.feed_end !== undefined && !cleared && this.fetchers[topic].holdsThrough?.(reply.feed_end);
      if (version === undefined || (version !== this.versions[topic] && !held)) moved.push(topic);
      this.versions[topic] = version;
    }
    this.deps.metrics.safetyChecks.inc({ moved: moved.length ? 'yes' : 'no' });
    if (first && !this.pollers.feed.active) return;
    if (cleared) return this.reset();
    if (moved.includes('deliveries')) this.fetchers.deliveries.requestFull();
    if (moved.length) this.trigger(moved);
  }

  /** The upstream GET behind every fetch (counted-get.ts). */
  private readonly get = async (
    topic: LiveTopic | 'check',
    path: string,
    etag: string | null,
    operatorOnly = topic !== 'check' && isOperatorTopic(topic),
  ): Promise<LiveResponse> => countedGet(this.deps, { path, topic, matchId: this.matchId, operatorOnly, etag });

  private async poll(topic: LiveTopic): Promise<void> {
    const { store, broadcaster, metrics } = this.deps;
    const index = this.indexes[topic];
    const fetcher = this.fetchers[topic];
    const held = this.bounded[topic];
    // A poll reads everything up to now: the notices that asked for it are answered by it.
    const noticed = this.noticed[topic];
    delete this.noticed[topic];
    const startedAt = Date.now();
    // Only wall displays watch (their tokens may not read the operator tables): nothing to read
    // for anyone here; the tables are read when an operator joins (see MatchRooms.add).
    if (isOperatorTopic(topic) && !this.deps.credentials.readsOperatorTables(this.matchId)) return this.keepAlive();
    if (!this.loaded.has(topic)) {
      // Start from the stored state, so a new poller (another instance taking over, or a restart
      // within the retention time) sends only what changed since, under the next seq.
      const state = await store.snapshot(this.matchId, topic);
      index.load(state.records);
      fetcher.load(state.records);
      held?.load(state);
      this.loaded.add(topic);
    }
    const fetched = await fetcher.fetch();
    const fetchedAt = Date.now();
    if (this.stopped || !fetched) return this.keepAlive();
    // A bounded topic holds only the newest: a whole read is diffed by them, the rest is outlined.
    const whole = held && fetched.complete ? held.split(fetched.records) : null;
    const older = whole && !held?.holdsOutline(whole.older) ? whole.older : undefined;
    const change = index.diff(whole?.newest ?? fetched.records, fetched.complete);
    if (fetched.removes) change.removes.push(...fetched.removes.filter((id) => index.has(id)));
    if (isEmpty(change) && !older) {
      fetched.seen();
      return this.keepAlive();
    }
    const created = change.upserts.filter((record) => !index.has(record.id));
    const trim = held?.plan(change, older) ?? null;
    const at = await store.commit(this.matchId, topic, this.fence, change, trim);
    if (at === null) {
      this.deps.log.warn({ matchId: this.matchId, topic }, 'another instance took this match over; stopping its pollers here');
      this.onFenced();
      return;
    }
    index.apply(change);
    held?.apply(change, trim);
    if (trim) index.forget(trim.drop);
    fetched.seen();
    this.retainedAt = Date.now();
    const committedAt = Date.now();
    await pushChange(store, broadcaster, this.matchId, topic, at, change, older !== undefined);
    if (noticed) observePhases(metrics, noticed, created, { startedAt, fetchedAt, committedAt, emittedAt: Date.now() });
    metrics.deltasSent.inc({ topic });
    if (change.upserts.length) metrics.deltaItems.inc({ topic, kind: 'upsert' }, change.upserts.length);
    if (change.removes.length) metrics.deltaItems.inc({ topic, kind: 'remove' }, change.removes.length);
    observeLatency(created, (seconds) => metrics.pushLatency.observe({ topic }, seconds));
    // Feed events gone from a whole window that is not full were deleted, not aged out: the feed
    // was cleared or rewritten (no notice said so), and offers (read incrementally) must be read whole.
    if (topic === 'feed' && fetched.complete && change.removes.length && fetched.records.length < FEED_FETCH_LIMIT) this.reset();
  }

  private keepAlive(): void {
    if (Date.now() - this.retainedAt < RETAIN_EVERY_MS) return;
    this.retainedAt = Date.now();
    this.deps.store.retain(this.matchId);
  }

  /**
   * The match's status is its worst poller's (the check's or a topic's); lastSuccessAt the check's
   * last success (it confirmed every topic current then), the topics' oldest before the first check.
   */
  private async updateStatus(): Promise<void> {
    if (this.stopped) return;
    let state: UpstreamState = this.checker.health.state;
    let oldest: number | null = null;
    for (const topic of LIVE_TOPICS) {
      const health = this.pollers[topic].health;
      if (SEVERITY[health.state] > SEVERITY[state]) state = health.state;
      if (health.lastSuccessAt !== null) oldest = oldest === null ? health.lastSuccessAt : Math.min(oldest, health.lastSuccessAt);
    }
    oldest = this.checker.health.lastSuccessAt ?? oldest;
    const next: StatusPayload = { matchId: this.matchId, upstream: state, lastSuccessAt: oldest === null ? null : new Date(oldest).toISOString() };
    const changed = this.status?.upstream !== state;
    if (!changed && Date.now() - this.statusWrittenAt < STATUS_REFRESH_MS && this.deps.store.kind === 'redis') return;
    this.status = next;
    this.statusWrittenAt = Date.now();
    try {
      if (!(await this.deps.store.setStatus(this.matchId, this.fence, next))) return this.onFenced();
    } catch (error) {
      this.deps.log.warn({ err: error, matchId: this.matchId }, 'could not store the match status');
    }
    if (changed && !this.stopped) this.deps.broadcaster.emit(this.matchId, 'status', next);
  }
}

/** Where the time of a notice-driven delta went, phase by phase (relay_live_path_seconds). */
function observePhases(
  metrics: RelayMetrics,
  noticed: { receivedAt: number; sentAt: number },
  created: LiveRecord[],
  at: { startedAt: number; fetchedAt: number; committedAt: number; emittedAt: number },
): void {
  const observe = (phase: string, ms: number) => metrics.livePath.observe({ phase }, Math.max(0, ms) / 1000);
  const createdAt = Math.min(...created.map((record) => Date.parse((record as { created_at?: string }).created_at ?? '')).filter(Number.isFinite));
  if (Number.isFinite(createdAt) && Number.isFinite(noticed.sentAt)) observe('publish', noticed.sentAt - createdAt);
  observe('wait', at.startedAt - noticed.receivedAt);
  observe('fetch', at.fetchedAt - at.startedAt);
  observe('commit', at.committedAt - at.fetchedAt);
  observe('emit', at.emittedAt - at.committedAt);
}

/** Push latency of newly created records: from their created_at at the upstream to now. */
function observeLatency(records: LiveRecord[], observe: (seconds: number) => void): void {
  const now = Date.now();
  for (const record of records) {
    const createdAt = Date.parse((record as { created_at?: string }).created_at ?? '');
    if (Number.isFinite(createdAt) && now >= createdAt) observe((now - createdAt) / 1000);
  }
}
