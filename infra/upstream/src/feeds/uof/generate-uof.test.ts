import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseUofRoutingKey, type FeedMessage, type FeedOfferMessage } from '@odds/protocol';
import { DEMO_MARKETS } from '../generate-feed';
import { FEEDS_DIR, readFeedFile } from '../jsonl';
import { uofFromFeed, uofRecordingText } from './generate-uof';
import { MappingTable } from './mapping';
import { isEventMessage } from './messages';
import { parseUof } from './parse';
import { readUofRecording } from './recording';
import { newMemory, translate, type LabelOf, type ProviderMarkets } from './translate';

const FILES = readdirSync(FEEDS_DIR)
  .filter((f) => f.endsWith('.jsonl'))
  .sort();
/** The demo provider's labels: each demo market's outcome keys to its labels, as the seeded outcome mappings hold them. */
const labelOf: LabelOf = (typeId, _line, key) => DEMO_MARKETS.find((m) => m.type_id === typeId)?.outcomes.find(([k]) => k === key)?.[1] ?? null;
const provider: ProviderMarkets = { labelOf, markets: DEMO_MARKETS.map((m) => ({ typeId: m.type_id, line: m.line })) };
const offerView = (o: FeedOfferMessage) => ({
  sent_at: o.sent_at,
  market: o.market,
  outcomes: o.outcomes,
  match_time: o.match_time,
  prematch: o.prematch,
  score: o.score,
  period: o.period ?? null,
  suspended: o.suspended ?? false,
});

describe('the UOF demo generator', () => {
  it('covers the four demo matches, and the shipped recordings are its output (uof:replay reads them)', () => {
    expect(FILES).toHaveLength(4);
    for (const file of FILES) {
      const feed = readFeedFile(new URL(file, FEEDS_DIR));
      const shipped = new URL(`../../../../feeds/uof/${feed.header.name}.uof.jsonl`, import.meta.url);
      expect(readFileSync(shipped, 'utf8')).toBe(uofRecordingText(uofFromFeed(feed)));
      expect(readUofRecording(shipped.pathname).length).toBeGreaterThan(feed.messages.length);
    }
  });

  for (const file of FILES) {
    it(`${file}: every message parses, routing keys match, and the adapter's translation gives back the feed's offers`, () => {
      const feed = readFeedFile(new URL(file, FEEDS_DIR));
      const demo = uofFromFeed(feed);
      const base = Date.parse(feed.header.match.kick_off!) - feed.messages.find((m) => m.type === 'event' && m.kind === 'period_start')!.offset_ms;
      const memory = newMemory();
      const mapping = new MappingTable();
      const translated: FeedMessage[] = [];
      let last = 0;
      let betStops = 0;
      for (const m of demo.messages) {
        expect(m.offset_ms).toBeGreaterThanOrEqual(last);
        last = m.offset_ms;
        const message = parseUof(m.xml);
        const key = parseUofRoutingKey(m.routing_key)!;
        expect(key.messageType).toBe(message.type);
        if (!isEventMessage(message)) continue;
        expect(message.eventId).toBe(demo.header.event);
        expect(`${key.urnType}:${key.eventId}`).toBe(demo.header.event);
        expect(message.timestamp).toBe(base + m.offset_ms);
        if (message.type === 'bet_stop') betStops += 1;
        const { messages, unknown } = translate(message, mapping, provider, memory);
        expect(unknown).toEqual([]);
        translated.push(...messages);
      }
      const offers = (list: FeedMessage[]) => list.filter((m): m is FeedOfferMessage => m.type === 'offer').map(offerView);
      const expected = feed.messages
        .filter((m) => m.type === 'offer')
        .map((m) => offerView({ ...(m as FeedOfferMessage), sent_at: new Date(base + m.offset_ms).toISOString() }));
      expect(offers(translated)).toEqual(expected);
      // The score's events: one goal per goal, at the same clock and score.
      const goals = (list: FeedMessage[]) =>
        list.filter((m) => m.type === 'event' && m.kind === 'goal').map((m) => [m.match_time, (m as { score?: string }).score, (m as { side?: string }).side]);
      expect(goals(translated)).toEqual(goals(feed.messages));
      const kinds = (list: FeedMessage[], kind: string) =>
        list.filter((m) => m.type === 'event' && m.kind === kind).map((m) => [m.match_time, m.period ?? null]);
      expect(kinds(translated, 'period_start')).toEqual(kinds(feed.messages, 'period_start'));
      expect(kinds(translated, 'period_end').map(([, p]) => p)).toEqual(kinds(feed.messages, 'period_end').map(([, p]) => p));
      expect(translated.filter((m) => m.type === 'event' && m.kind === 'match_end')).toHaveLength(1);
      // Match-wide suspensions: one bet_stop per goal window, which suspends each market; markets the score decided are settled.
      const stops = (list: FeedMessage[]) => list.filter((m) => m.type === 'event' && m.kind === 'suspension' && m.suspended && !m.market).length;
      expect(betStops).toBe(stops(feed.messages));
      // The first bet_stop suspends every market (none is suspended yet).
      expect(translated.filter((m) => m.type === 'event' && m.reason?.startsWith('uof bet_stop')).length).toBeGreaterThanOrEqual(DEMO_MARKETS.length);
      const settled = (list: FeedMessage[]) => list.filter((m) => m.type === 'event' && m.kind === 'suspension' && m.reason === 'settled').map((m) => m.market);
      expect(settled(translated)).toEqual(settled(feed.messages));
    });
  }

  it("writes the final's extra time and penalties as UOF match statuses", () => {
    const demo = uofFromFeed(readFeedFile(new URL('argentina-france-2022-final.jsonl', FEEDS_DIR)));
    const codes = [...new Set(demo.messages.map((m) => /match_status="(\d+)"/.exec(m.xml)?.[1]).filter(Boolean))];
    expect(codes).toEqual(['0', '6', '31', '7', '32', '41', '33', '42', '34', '120']);
  });
});
