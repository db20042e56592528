import {
  buildPath,
  buildQuery,
  FEED_FORMAT,
  routes,
  type ChangeNotice,
  type FeedEventMessage,
  type FeedHeader,
  type FeedMarketRef,
  type FeedMessage,
  type ListReply,
  type Market,
  type MatchFeedEvent,
  type Offer,
  type RecordedMessage,
} from '@odds/protocol';
import type { UpstreamClient } from './client';

export interface RecordOptions {
  client: UpstreamClient;
  matchId: number;
  /** Receives each line of the recording (header first). */
  write: (line: object) => void;
  /** Keep recording what the upstream publishes (change stream) until the match ends or `signal` aborts. */
  follow: boolean;
  signal?: AbortSignal;
  onMessage?: (count: number, message: RecordedMessage) => void;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Market id → how a feed names it (type and line), from the provider's markets. */
async function marketRefs(client: UpstreamClient, providerId: number): Promise<Map<number, FeedMarketRef & { name: string }>> {
  const refs = new Map<number, FeedMarketRef & { name: string }>();
  for (const sport of [1, 2, 3, 4]) {
    const { results } = await client.call<ListReply<Market>>('GET', `${buildPath(routes.markets, { p: providerId, s: sport })}${buildQuery({ limit: 1000 })}`);
    for (const m of results) refs.set(m.id, { type_id: m.type.id, line: m.line, name: m.name });
  }
  return refs;
}

/** An offer or match event as the message it was ingested from, naming its market by type and line. */
function asMessage(item: Offer | MatchFeedEvent, refs: Map<number, FeedMarketRef & { name: string }>): Gathered {
  const raw = { ...(item.raw as FeedMessage) };
  const marketId = 'market_id' in raw ? raw.market_id : undefined;
  const ref = marketId !== undefined ? refs.get(marketId) : undefined;
  if (ref) {
    delete raw.market_id;
    raw.market = { type_id: ref.type_id, line: ref.line };
  }
  const sentMs = Date.parse(raw.sent_at ?? ('sent_at' in item ? item.sent_at : item.created_at));
  raw.sent_at = new Date(sentMs).toISOString();
  return { sentMs, arrival: item.arrival ?? null, message: raw };
}

interface Gathered {
  sentMs: number;
  /** Arrival order in the upstream (null for messages stored before it was kept: ordered by sent_at). */
  arrival: number | null;
  message: FeedMessage;
}

/** Arrival order, as the upstream received them; by feed clock where arrival was not kept. */
const byArrival = (a: Gathered, b: Gathered) => (a.arrival !== null && b.arrival !== null ? a.arrival - b.arrival : a.sentMs - b.sentMs);

async function* pages<T>(fetchPage: (start: number) => Promise<ListReply<T>>): AsyncGenerator<T> {
  for (let start = 0; ; ) {
    const page = await fetchPage(start);
    yield* page.results;
    start += page.results.length;
    if (!page.results.length || start >= page.total) return;
  }
}

/**
 * Records a match's feed from an upstream: what it has stored so far (offers and match events in
 * the order they arrived, each with its own sent_at; `base_at` in the header is offset 0), then, with `follow`, what it publishes next, read on each change-stream
 * notice, until the match ends. Offsets count from the first message's sent_at.
 */
export async function recordFeed(options: RecordOptions): Promise<number> {
  const { client, matchId, write } = options;
  const match = await client.match(matchId);
  const refs = await marketRefs(client, match.provider);
  const seenOffers = new Set<number>();
  const seenEvents = new Set<number>();
  let first: number | null = null;
  let last = 0;
  let count = 0;
  let ended = false;
  const gather = async () => {
    const fresh: Gathered[] = [];
    for await (const offer of pages((start) => client.feed(matchId, start))) {
      if (!seenOffers.has(offer.id)) {
        seenOffers.add(offer.id);
        fresh.push(asMessage(offer, refs));
      }
    }
    for await (const event of pages((start) => client.feedEvents(matchId, start))) {
      if (!seenEvents.has(event.id)) {
        seenEvents.add(event.id);
        fresh.push(asMessage(event, refs));
      }
    }
    return fresh.sort(byArrival);
  };
  const emit = (items: Gathered[]) => {
    for (const { sentMs, message } of items) {
      // Offsets follow the feed clock and never go back: a late message keeps its place (arrival
      // order) and its own sent_at, and is replayed right after the message it arrived after.
      first ??= sentMs;
      last = Math.max(last, sentMs - first);
      const line = { offset_ms: last, ...message } as RecordedMessage;
      write(line);
      count += 1;
      options.onMessage?.(count, line);
      if (message.type === 'event' && (message as FeedEventMessage).kind === 'match_end') ended = true;
    }
  };

  const history = await gather();
  // The header lists the markets the recording quotes (all of the provider's while it quotes none yet).
  const quoted = new Set(history.flatMap(({ message }) => (message.market ? [`${message.market.type_id}:${message.market.line}`] : [])));
  const markets = [...new Map([...refs.values()].map((r) => [`${r.type_id}:${r.line}`, r])).entries()]
    .filter(([key]) => quoted.size === 0 || quoted.has(key))
    .map(([, r]) => r);
  const header: FeedHeader = {
    type: 'header',
    format: FEED_FORMAT,
    name: slug(`${match.name} ${match.start.slice(0, 10)} recorded`),
    match: { name: match.name, home: match.home.name, away: match.away.name, event_id: match.event_id, league: match.league.name, kick_off: match.start },
    recorded_at: new Date().toISOString(),
    ...(history.length && { base_at: new Date(history[0]!.sentMs).toISOString() }),
    source: `Recorded from ${client.base}, match ${matchId}.`,
    markets,
  };
  write({ offset_ms: 0, ...header });
  emit(history);
  if (!options.follow || ended) return count;
  for await (const _notice of changeStream(client, matchId, options.signal)) {
    emit(await gather());
    if (ended) break;
  }
  return count;
}

/** Notices of the upstream's change stream for a match, until `signal` aborts or the reader stops. */
async function* changeStream(client: UpstreamClient, matchId: number, signal?: AbortSignal): AsyncGenerator<ChangeNotice> {
  // Its own controller, so that a reader leaving the loop closes the connection too.
  const controller = new AbortController();
  const stop = () => controller.abort();
  signal?.addEventListener('abort', stop, { once: true });
  try {
    const response = await fetch(`${client.base}${routes.changes.path}${buildQuery({ match_id: matchId })}`, {
      headers: client.headers,
      signal: controller.signal,
    });
    if (!response.ok || !response.body) throw new Error(`change stream: ${response.status}`);
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body) {
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block
          .split('\n')
          .filter((l) => l.startsWith('data: '))
          .map((l) => l.slice(6))
          .join('\n');
        if (data) yield JSON.parse(data) as ChangeNotice;
      }
    }
  } catch (error) {
    if (!controller.signal.aborted) throw error;
  } finally {
    signal?.removeEventListener('abort', stop);
    controller.abort();
  }
}
