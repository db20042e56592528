import { hintFixtureChange } from './sync/store';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { parseUofRoutingKey, type FeedMessage, type IngestReply } from '@odds/protocol';
import { announceMatchWrite } from '../../coedit/catalog-notices';
import type { Db } from '../../db/client';
import { auditLog, matches, sports, uofLinks, uofMarketMap, uofUnknownMarkets, uofUnlinkedEvents } from '../../db/schema';
import type { ChangeBus } from '../../notices/bus';
import { MappingTable, type UofMarketMapping } from './mapping';
import { isEventMessage, type UofEventMessage, type UofMessage } from './messages';
import { parseUof, UofParseError } from './parse';
import { checkPlausible, screenUof } from './plausible';
import { writeDeadLetter, type UofDeadLetterInput } from './dead-letters';
import { Producers, type ProducerSettings } from './producers';
import type { RequestRecovery } from './recovery-api';
import type { FetchFixture } from './fixture-api';
import type { Unknown } from './market-state';
import type { GroupsOf } from './market-groups';
import { readProviderMarkets } from './provider-markets';
import { refusedIndex, refusedMarket } from './refusals';
import { readsUofSport, uofSportOf } from './sports';
import { copyMemory, newMemory, translate, type MatchMemory, type ProviderMarkets } from './translate';

/** Where translated messages go: the engine in process, or the broker in the cluster (both have this call). */
export interface Ingest {
  ingest(matchId: number, messages: FeedMessage[]): Promise<IngestReply>;
}

interface Logger {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

interface Link {
  matchId: number;
  providerId: number;
  sportId: number;
  /** The console sport's name: only a sport the adapter understands is read (sports.ts). */
  sportName: string;
  event: string;
  lastProduct: number | null;
}

/** One UOF message translated and waiting for its engine call, with what it was translated from (to do it again). */
interface Part {
  routingKey: string;
  body: Buffer | string;
  message: UofEventMessage;
  link: Link;
  messages: FeedMessage[];
}

const UOF_ACTOR = { id: null, name: 'UOF feed' };
/** Feed messages per engine call at most (the ingest route's own limit is 1,000). */
const MAX_BATCH = 500;
/** The engine said no (4xx): the message is at fault, not the moment. */
const refused = (error: unknown) => {
  const status = (error as { statusCode?: number }).statusCode;
  return status !== undefined && status < 500;
};
/** A UOF message of a sport the adapter does not read (sports.ts): counted, nothing of it ingested. */
const UNREAD_SPORT = 'a sport the adapter does not read (football only): nothing of it is ingested';
/** fixture_change change_type 3 (the vendor's CANCELLED). */
const FIXTURE_CANCELLED = 3;
/** Parts of one UOF message the engine may refuse one by one before the message is dead-lettered. */
const MAX_LEFT_OUT = 20;
/** How long a link, a mapping or a provider's labels are trusted before being read again. */
const CACHE_MS = 2_000;

export interface AdapterOptions {
  db: Db;
  ingest: Ingest;
  bus: ChangeBus;
  requestRecovery: RequestRecovery | null;
  /** UOF's fixture API: the teams and kick-off of an unlinked event (null: no UOF API configured). */
  fetchFixture?: FetchFixture | null;
  settings: ProducerSettings;
  log: Logger;
  now?: () => number;
  /** The market groups a bet_stop names, from the vendor's market descriptions (market-groups.ts's table when absent). */
  groupsOf?: GroupsOf;
}

/** Counts that are written in bulk (unknown markets, messages of unlinked events), not one row write per message. */
class Tallies {
  unknown = new Map<string, { market: string; outcome: string; reason: string; count: number }>();
  unlinked = new Map<string, { count: number; kickOffMs: number | null }>();
}

/**
 * The UOF adapter: one UOF message at a time (routing key, XML body), in arrival order. System
 * messages drive the producers' health (producers.ts); messages of a linked event become the
 * console's own feed messages (translate.ts) and are ingested like odds-feed/1 ones, so the engine
 * and everything after it is unchanged. Malformed bodies and messages the engine refuses go to the
 * dead letters with their reason; unknown markets and unlinked events are counted.
 */
export class UofAdapter {
  readonly producers: Producers;
  private readonly memories = new Map<number, MatchMemory>();
  private readonly links = new Map<string, { link: Link | null; at: number }>();
  private readonly providers = new Map<string, { markets: ProviderMarkets; at: number }>();
  private mapping: { table: MappingTable; at: number } | null = null;
  private tallies = new Tallies();
  /** Unlinked events whose fixture was asked for (once per event and process; a failure is asked again later). */
  private readonly fixturesAsked = new Set<string>();
  private readonly now: () => number;
  /** Messages taken, by outcome (the benchmark and /healthz read them). */
  readonly counts = { messages: 0, ingested: 0, unlinked: 0, malformed: 0, rejected: 0, system: 0 };

  constructor(private readonly options: AdapterOptions) {
    this.now = options.now ?? Date.now;
    this.producers = new Producers(
      options.db,
      options.requestRecovery,
      options.settings,
      {
        down: (producer, reason, feedMs) => this.suspendProducer(producer, true, reason, feedMs),
        up: (producer, feedMs) => this.suspendProducer(producer, false, 'recovered', feedMs),
      },
      options.log,
      this.now,
    );
  }

  get db(): Db {
    return this.options.db;
  }

  async start(): Promise<void> {
    await this.producers.load();
    this.producers.start();
  }

  async stop(): Promise<void> {
    await this.producers.stop();
    await this.flush();
  }

  /** Takes one message (see handleMany). */
  handle(routingKey: string, body: Buffer | string): Promise<void> {
    return this.handleMany([{ routingKey, body }]);
  }

  /**
   * Takes messages in arrival order. Consecutive messages of one match go to the engine in one
   * call (one transaction), as the broker's workers batch; anything else (a system message, another
   * match) first sends what was gathered, so order holds. Resolves when all are handled (ack them
   * then); rejects only on trouble worth a redelivery (the database away).
   */
  async handleMany(items: readonly { routingKey: string; body: Buffer | string }[]): Promise<void> {
    for (const { routingKey, body } of items) {
      this.counts.messages += 1;
      let message: UofMessage;
      try {
        screenUof(body);
        message = parseUof(body);
        checkPlausible(message, this.now());
      } catch (error) {
        if (!(error instanceof UofParseError)) throw error;
        this.counts.malformed += 1;
        await this.deadLetter('uof_malformed', error.message, routingKey, null, body);
        continue;
      }
      await this.producers.observe(message.product, message.timestamp, message.requestId);
      if (!isEventMessage(message)) {
        await this.send();
        this.counts.system += 1;
        if (message.type === 'alive') await this.producers.onAlive(message.product, message.timestamp, message.subscribed);
        else if (message.type === 'product_down') await this.producers.onProductDown(message.product, message.timestamp);
        else await this.producers.onSnapshotComplete(message.product, message.requestId!, message.timestamp);
        continue;
      }
      this.producers.onMessage(message.product, message.timestamp, message.requestId);
      // The catalog sync reads the event's fixture again (a new, moved or cancelled match; sync/store.ts).
      if (message.type === 'fixture_change') await hintFixtureChange(this.options.db, message.eventId, message.changeType);
      const link = await this.linkOf(message.eventId);
      if (!link) {
        this.counts.unlinked += 1;
        const tally = this.tallies.unlinked.get(message.eventId) ?? { count: 0, kickOffMs: null };
        tally.count += 1;
        if (message.type === 'fixture_change' && message.startTime !== null) tally.kickOffMs = message.startTime;
        this.tallies.unlinked.set(message.eventId, tally);
        continue;
      }
      if (!this.reads(link, routingKey)) {
        this.count([{ market: `sport ${parseUofRoutingKey(routingKey)?.sportId ?? link.sportName}`, outcome: null, reason: UNREAD_SPORT }]);
        continue;
      }
      // A cancellation is a match state (translate.ts), not a new kick-off.
      if (message.type === 'fixture_change' && message.changeType !== FIXTURE_CANCELLED) {
        await this.send();
        await this.kickOff(link, message);
      }
      await this.gather(link, message, routingKey, body);
    }
    await this.send();
  }

  /** Messages translated and waiting for their engine call: one match's, in order, and its memory as they leave it. */
  private pending: { matchId: number; parts: Part[]; size: number; memory: MatchMemory } | null = null;

  /** The adapter reads a match only in a sport it understands: the link's, and the routing key's when it names one. */
  private reads(link: Link, routingKey: string): boolean {
    const sport = parseUofRoutingKey(routingKey)?.sportId ?? null;
    return uofSportOf(link.sportName) !== null && (sport === null || readsUofSport(sport));
  }

  /** The feed messages of one UOF message, on `memory` (changed); while its producer is down every offer is stored suspended. */
  private async translateFor(link: Link, message: UofEventMessage, memory: MatchMemory) {
    const { messages, unknown } = translate(message, await this.mappingTable(), await this.providerMarkets(link), memory);
    const up = this.producers.isUp(message.product);
    return { messages: up ? messages : messages.map((m): FeedMessage => (m.type === 'offer' ? { ...m, suspended: true } : m)), unknown };
  }

  private count(unknown: readonly Unknown[]): void {
    for (const u of unknown) {
      const key = `${u.market}\u0000${u.outcome ?? ''}`;
      const tally = this.tallies.unknown.get(key) ?? { market: u.market, outcome: u.outcome ?? '', reason: u.reason, count: 0 };
      tally.count += 1;
      tally.reason = u.reason;
      this.tallies.unknown.set(key, tally);
    }
  }

  /**
   * Translates a message onto the match's memory as the messages already gathered leave it. The
   * memory the adapter keeps changes only once the engine stored them (send): a refused or failed
   * call leaves the match's score, period and market states as they were.
   */
  private async gather(link: Link, message: UofEventMessage, routingKey: string, body: Buffer | string): Promise<void> {
    if (this.pending && this.pending.matchId !== link.matchId) await this.send();
    const memory = copyMemory(this.pending?.memory ?? this.memories.get(link.matchId) ?? newMemory());
    const { messages, unknown } = await this.translateFor(link, message, memory);
    this.count(unknown);
    // The producer a match last heard odds from decides its health; a fixture_change (prematch's, often) does not move it.
    if (link.lastProduct !== message.product && message.type !== 'fixture_change') {
      await this.options.db.update(uofLinks).set({ lastProduct: message.product }).where(eq(uofLinks.matchId, link.matchId));
      link.lastProduct = message.product;
    }
    if (!messages.length) {
      // Nothing to store: what it changed in the memory holds (with the batch's, when there is one).
      if (this.pending) this.pending.memory = memory;
      else this.memories.set(link.matchId, memory);
      return;
    }
    if (this.pending && this.pending.size + messages.length > MAX_BATCH) await this.send();
    this.pending ??= { matchId: link.matchId, parts: [], size: 0, memory };
    this.pending.memory = memory;
    this.pending.parts.push({ routingKey, body, message, link, messages });
    this.pending.size += messages.length;
  }

  /**
   * Sends the gathered messages in one call and keeps the memory they leave. When the engine
   * refuses the call, each UOF message again on its own, translated afresh from the memory the
   * stored ones left (so a refused goal is not taken as scored).
   */
  private async send(): Promise<void> {
    const batch = this.pending;
    this.pending = null;
    if (!batch) return;
    try {
      await this.options.ingest.ingest(
        batch.matchId,
        batch.parts.flatMap((p) => p.messages),
      );
      this.counts.ingested += batch.parts.length;
      this.memories.set(batch.matchId, batch.memory);
      return;
    } catch (error) {
      if (!refused(error)) throw error;
    }
    let kept = this.memories.get(batch.matchId) ?? newMemory();
    for (const part of batch.parts) {
      const memory = copyMemory(kept);
      const { messages } = await this.translateFor(part.link, part.message, memory);
      if (await this.ingestPart(batch.matchId, part, messages)) kept = memory;
    }
    this.memories.set(batch.matchId, kept);
  }

  /**
   * One UOF message's feed messages. A part the engine refuses is left out (counted with the
   * engine's reason) and the rest sent again, so one market never takes the message with it; a
   * refusal naming no part dead-letters the message. True when something was stored.
   */
  private async ingestPart(matchId: number, part: Part, messages: FeedMessage[]): Promise<boolean> {
    let left = messages;
    for (let attempt = 0; left.length && attempt <= MAX_LEFT_OUT; attempt += 1) {
      try {
        await this.options.ingest.ingest(matchId, left);
        this.counts.ingested += 1;
        return true;
      } catch (error) {
        if (!refused(error)) throw error;
        const index = attempt < MAX_LEFT_OUT ? refusedIndex(error, left) : null;
        if (index === null) {
          this.counts.rejected += 1;
          await this.deadLetter('uof_rejected', (error as Error).message, part.routingKey, matchId, part.body);
          return false;
        }
        this.count([{ market: refusedMarket(left[index]!), outcome: null, reason: `refused by the engine: ${(error as Error).message}`.slice(0, 300) }]);
        left = left.filter((_, i) => i !== index);
      }
    }
    return left.length === 0;
  }

  /**
   * Suspends (or lifts) every linked match last heard from `producer` (live odds for those not heard
   * from yet). The event is dated on the producer's own feed clock, not ours: the engine ignores an
   * event older than the newest message it applied, so one dated ahead of the feed (our clock
   * ahead of UOF's, or a replay of an older recording) would make every later goal and period
   * change of the match count as late.
   */
  private async suspendProducer(producer: number, suspended: boolean, reason: string, feedMs: number | null): Promise<void> {
    const linked = await this.options.db.select({ matchId: uofLinks.matchId, event: uofLinks.event, lastProduct: uofLinks.lastProduct }).from(uofLinks);
    const at = this.now();
    for (const link of linked.filter((l) => (l.lastProduct ?? 1) === producer)) {
      const message: FeedMessage = {
        type: 'event',
        source_id: `uof:${link.event}:producer:${producer}:${suspended ? 'down' : 'up'}:${at}`,
        sent_at: new Date(feedMs ?? at).toISOString(),
        kind: 'suspension',
        suspended,
        match_time: null,
        reason: `uof producer ${producer} ${suspended ? `down (${reason})` : 'recovered'}`,
      };
      try {
        await this.options.ingest.ingest(link.matchId, [message]);
      } catch (error) {
        this.options.log.warn({ err: error, matchId: link.matchId, producer }, 'UOF producer suspension not ingested');
      }
    }
  }

  /** A fixture_change's start time moves the match's kick-off (an unplayed match only), audited. */
  private async kickOff(link: Link, message: Extract<UofEventMessage, { type: 'fixture_change' }>): Promise<void> {
    if (message.startTime === null) return;
    const start = new Date(message.startTime);
    const changed = await this.options.db.transaction(async (tx) => {
      const [before] = await tx.select({ start: matches.start }).from(matches).where(eq(matches.id, link.matchId)).for('update');
      if (!before || before.start.getTime() === start.getTime()) return false;
      const [updated] = await tx
        .update(matches)
        .set({ start, lastModified: new Date(this.now()) })
        .where(and(eq(matches.id, link.matchId), isNull(matches.homeScore)))
        .returning({ id: matches.id });
      if (!updated) return false;
      await tx.insert(auditLog).values({
        actorId: UOF_ACTOR.id,
        actorName: UOF_ACTOR.name,
        entity: 'match',
        entityId: link.matchId,
        matchId: link.matchId,
        action: 'update',
        version: null,
        before: { start: before.start.toISOString() },
        after: { start: start.toISOString(), uof_event: link.event, change_type: message.changeType },
      });
      return true;
    });
    if (changed) announceMatchWrite(this.options.bus, [link.matchId], { id: link.matchId, actor: UOF_ACTOR });
  }

  private async linkOf(event: string): Promise<Link | null> {
    const cached = this.links.get(event);
    if (cached && this.now() - cached.at < CACHE_MS) return cached.link;
    const [row] = await this.options.db
      .select({
        matchId: uofLinks.matchId,
        providerId: matches.providerId,
        sportId: matches.sportId,
        sportName: sports.name,
        event: uofLinks.event,
        lastProduct: uofLinks.lastProduct,
      })
      .from(uofLinks)
      .innerJoin(matches, eq(matches.id, uofLinks.matchId))
      .innerJoin(sports, eq(sports.id, matches.sportId))
      .where(eq(uofLinks.event, event));
    const link = row ?? null;
    this.links.set(event, { link, at: this.now() });
    return link;
  }

  private async mappingTable(): Promise<MappingTable> {
    if (this.mapping && this.now() - this.mapping.at < CACHE_MS) return this.mapping.table;
    const rows = await this.options.db.select().from(uofMarketMap);
    const table = new MappingTable(
      rows.map((r): UofMarketMapping => ({ uofMarketId: r.uofMarketId, typeId: r.typeId, lineSpecifier: r.lineSpecifier, outcomes: r.outcomes, name: r.name })),
    );
    this.mapping = { table, at: this.now() };
    return table;
  }

  /** The provider's markets and outcome labels for the match's sport (provider-markets.ts), read again every CACHE_MS. */
  private async providerMarkets(link: Link): Promise<ProviderMarkets> {
    const key = `${link.providerId}:${link.sportId}`;
    const cached = this.providers.get(key);
    if (cached && this.now() - cached.at < CACHE_MS) return cached.markets;
    const markets = {
      ...(await readProviderMarkets(this.options.db, link.providerId, link.sportId)),
      ...(this.options.groupsOf && { groupsOf: this.options.groupsOf }),
    };
    this.providers.set(key, { markets, at: this.now() });
    return markets;
  }

  private deadLetter(kind: string, reason: string, routingKey: string, matchId: number | null, body: Buffer | string): Promise<void> {
    return this.deadLetterRaw({ kind, reason, routingKey, matchId, body, keep: true });
  }

  /** A message to the dead letters with its reason (the consumer's too: too large, failing every attempt). */
  async deadLetterRaw(input: UofDeadLetterInput): Promise<void> {
    await writeDeadLetter(this.options.db, input);
    this.options.log.warn({ kind: input.kind, reason: input.reason, routingKey: input.routingKey }, 'UOF message dead-lettered');
  }

  /** Forgets what a failed handleMany gathered and did not send (the consumer hands those messages again). */
  abandon(): void {
    this.pending = null;
  }

  /** Writes the counts gathered since the last flush (unknown markets, unlinked events). */
  async flush(): Promise<void> {
    const { unknown, unlinked } = this.tallies;
    if (!unknown.size && !unlinked.size) return;
    this.tallies = new Tallies();
    const at = new Date(this.now());
    await this.options.db.transaction(async (tx) => {
      for (const u of unknown.values()) {
        await tx
          .insert(uofUnknownMarkets)
          .values({ market: u.market, outcome: u.outcome, reason: u.reason, count: u.count, lastSeenAt: at })
          .onConflictDoUpdate({
            target: [uofUnknownMarkets.market, uofUnknownMarkets.outcome],
            set: { count: sql`${uofUnknownMarkets.count} + ${u.count}`, reason: u.reason, lastSeenAt: at },
          });
      }
      for (const [event, u] of unlinked) {
        const kickOff = u.kickOffMs === null ? null : new Date(u.kickOffMs);
        await tx
          .insert(uofUnlinkedEvents)
          .values({ event, count: u.count, kickOff, lastSeenAt: at })
          .onConflictDoUpdate({
            target: uofUnlinkedEvents.event,
            set: { count: sql`${uofUnlinkedEvents.count} + ${u.count}`, lastSeenAt: at, ...(kickOff && { kickOff }) },
          });
      }
    });
    await this.fixtures([...unlinked.keys()]);
  }

  /**
   * Teams and kick-off of unlinked events, so an operator knows which match to link: UOF messages
   * name no teams, its fixture API does. Asked once per event; the kick-off of a fixture_change,
   * which is newer, is kept when there is one.
   */
  private async fixtures(events: string[]): Promise<void> {
    const fetchFixture = this.options.fetchFixture;
    if (!fetchFixture) return;
    for (const event of events) {
      if (this.fixturesAsked.has(event)) continue;
      this.fixturesAsked.add(event);
      try {
        const fixture = await fetchFixture(event);
        if (!fixture) continue;
        await this.options.db
          .update(uofUnlinkedEvents)
          .set({
            home: fixture.home,
            away: fixture.away,
            kickOff: sql`coalesce(${uofUnlinkedEvents.kickOff}, ${fixture.startTime === null ? null : new Date(fixture.startTime).toISOString()}::timestamptz)`,
          })
          .where(eq(uofUnlinkedEvents.event, event));
      } catch (error) {
        this.fixturesAsked.delete(event);
        this.options.log.warn({ err: error, event }, 'UOF fixture not read');
      }
    }
  }
}
