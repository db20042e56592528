import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { FeedMessage } from '@odds/protocol';
import { lineOf, MappingTable, oddsOf } from './mapping';
import { SKIPPED } from './market-state';
import type { UofEventMessage } from './messages';
import { parseUof } from './parse';
import { newMemory, translate, type LabelOf, type ProviderMarkets } from './translate';

const fixture = (name: string) => parseUof(readFileSync(new URL(`./fixtures/${name}.xml`, import.meta.url))) as UofEventMessage;

// The first demo provider's labels (seed/markets.ts): 1 X 2, Over/Under, Yes/No; totals 1.5, 2.5, 3.5; a dynamic-line handicap.
const LABELS: Record<string, string> = { home: '1', draw: 'X', away: '2', over: 'Over', under: 'Under', yes: 'Yes', no: 'No' };
const CARRIED = [
  { typeId: 1, line: null },
  { typeId: 2, line: 1500 },
  { typeId: 2, line: 2500 },
  { typeId: 2, line: 3500 },
  { typeId: 10, line: null },
  { typeId: 7, line: null },
  { typeId: 12, line: null },
  { typeId: 14, line: -1000, dynamicLine: true },
];
const labelOf: LabelOf = (typeId, line, key) => (CARRIED.some((m) => m.typeId === typeId && (m.line === line || typeId === 14)) ? (LABELS[key] ?? null) : null);
const provider: ProviderMarkets = { labelOf, markets: CARRIED };
const mapping = new MappingTable();

const events = (messages: FeedMessage[]) =>
  messages.flatMap((m) =>
    m.type === 'event' ? [[m.kind, m.market ? `${m.market.type_id}:${m.market.line ?? '-'}` : null, m.suspended ?? m.state ?? m.score ?? null]] : [],
  );
const offers = (messages: FeedMessage[]) =>
  messages.flatMap((m) => (m.type === 'offer' ? [[`${m.market!.type_id}:${m.market!.line ?? '-'}`, m.suspended ?? false]] : []));

describe('UOF to odds-feed/1', () => {
  it('maps markets 1, 18 and 29 to offers with labels, lines and odds in thousandths; counts the unknown market 26', () => {
    const memory = newMemory();
    const { messages, unknown } = translate(fixture('odds_change'), mapping, provider, memory);
    expect(messages.filter((m) => m.type === 'offer')).toEqual([
      {
        type: 'offer',
        source_id: 'uof:1:1487254396715:1:',
        sent_at: '2017-02-16T14:13:16.715Z',
        market: { type_id: 1, line: null },
        outcomes: [
          { label: '1', line: null, odds: 9500 },
          { label: 'X', line: null, odds: 4200 },
          { label: '2', line: null, odds: 1360 },
        ],
        match_time: 1653,
        prematch: false,
        score: 'H0-A2',
        period: 1,
      },
      expect.objectContaining({
        market: { type_id: 2, line: 2500 },
        outcomes: [
          { label: 'Over', line: 2500, odds: 1140 },
          { label: 'Under', line: 2500, odds: 5600 },
        ],
      }),
      // The inactive outcome is left out.
      expect.objectContaining({ market: { type_id: 2, line: 3500 }, outcomes: [{ label: 'Over', line: 3500, odds: 1700 }] }),
      // Market status -1 (suspended) with prices: a suspended offer.
      expect.objectContaining({
        market: { type_id: 10, line: null },
        suspended: true,
        outcomes: [
          { label: 'Yes', line: null, odds: 1900 },
          { label: 'No', line: null, odds: 1800 },
        ],
      }),
    ]);
    expect(unknown).toEqual([{ market: '26', outcome: null, reason: SKIPPED.notMapped }]);
    // First sight of a live match: its period starts, two away goals; each active market is lifted (its state is not
    // known after a start), the settled total 1.5 is suspended.
    expect(events(messages)).toEqual([
      ['period_start', null, 'H0-A0'],
      ['goal', null, 'H0-A1'],
      ['goal', null, 'H0-A2'],
      ['suspension', '1:-', false],
      ['suspension', '2:2500', false],
      ['suspension', '2:3500', false],
      ['suspension', '2:1500', true],
    ]);
    // The same message again gives the same source ids (the engine stores it once) and no new events.
    const again = translate(fixture('odds_change'), mapping, provider, memory);
    expect(again.messages.filter((m) => m.type === 'event')).toEqual([]);
    expect(again.messages.filter((m) => m.type === 'offer').map((m) => m.source_id)).toEqual(
      messages.filter((m) => m.type === 'offer').map((m) => m.source_id),
    );
  });

  it('ingests every carried market of a full live odds_change and skips, with the reason, what the provider lacks', () => {
    const { messages, unknown } = translate(fixture('odds_change_live'), mapping, provider, newMemory());
    expect(offers(messages)).toEqual([
      ['1:-', false],
      ['7:-', false],
      ['12:-', false],
      ['10:-', false],
      ['14:-1000', false],
      ['14:1000', false],
      ['2:2500', false],
      ['2:3500', false],
    ]);
    expect(events(messages).filter(([kind]) => kind === 'goal')).toEqual([
      ['goal', null, 'H0-A1'],
      ['goal', null, 'H0-A2'],
    ]);
    expect(unknown).toEqual([
      { market: '18 (total=4.5)', outcome: null, reason: SKIPPED.notCarried },
      { market: '26', outcome: null, reason: SKIPPED.notMapped },
      { market: '10', outcome: null, reason: SKIPPED.notMapped },
      { market: '68 (total=2.5)', outcome: null, reason: SKIPPED.notMapped },
      { market: '7 (score=0:1)', outcome: null, reason: SKIPPED.notMapped },
      { market: '7 (score=0:2)', outcome: null, reason: SKIPPED.notMapped },
      { market: '71 (variant=sr:exact_goals:4+)', outcome: null, reason: SKIPPED.notMapped },
    ]);
    // Nothing names a market the provider lacks: the engine has nothing to refuse.
    expect(messages.some((m) => m.market?.type_id === 2 && m.market.line === 4500)).toBe(false);
  });

  it('suspends on bet_stop the markets of its groups; a market lifts only when its own odds_change has it active', () => {
    const memory = newMemory();
    translate(fixture('odds_change_live'), mapping, provider, memory);
    // groups="1st_half": the first-half 1x2 (60 → type 7) alone.
    expect(events(translate(fixture('bet_stop_groups'), mapping, provider, memory).messages)).toEqual([['suspension', '7:-', true]]);
    // groups="all": every market of the provider not yet suspended (total 1.5 was settled).
    expect(events(translate(fixture('bet_stop'), mapping, provider, memory).messages)).toEqual([
      ['suspension', '1:-', true],
      ['suspension', '2:2500', true],
      ['suspension', '2:3500', true],
      ['suspension', '10:-', true],
      ['suspension', '12:-', true],
      ['suspension', '14:-1000', true],
    ]);
    // Only 1 and total 2.5 come back: the others stay suspended.
    const partial = translate(fixture('odds_change_partial'), mapping, provider, memory).messages;
    expect(events(partial)).toEqual([
      ['suspension', '1:-', false],
      ['suspension', '2:2500', false],
    ]);
    // The handicap's two lines are one dynamic-line market of the provider: one state.
    expect([...memory.suspendedMarkets].sort()).toEqual(['10:-', '12:-', '14:-1000', '2:1500', '2:3500', '7:-']);
  });

  it('closes settled and cancelled markets until their rollback; a cancellation of a time window closes nothing', () => {
    const memory = newMemory();
    translate(fixture('odds_change_live'), mapping, provider, memory);
    const settled = translate(fixture('bet_settlement_void'), mapping, provider, memory);
    expect(events(settled.messages)).toEqual([
      ['suspension', '14:-1000', true],
      ['suspension', '10:-', true],
    ]);
    expect(settled.unknown).toEqual([{ market: '18 (total=4.5)', outcome: null, reason: SKIPPED.notCarried }]);
    // Active odds of a settled market do not lift it: stored suspended.
    expect(offers(translate(fixture('odds_change_live'), mapping, provider, memory).messages).filter(([m]) => m === '10:-')).toEqual([['10:-', true]]);
    translate(fixture('rollback_bet_settlement'), mapping, provider, memory);
    const reopened = translate(fixture('odds_change_live'), mapping, provider, memory).messages;
    expect(events(reopened)).toContainEqual(['suspension', '10:-', false]);
    expect(offers(reopened).filter(([m]) => m === '10:-')).toEqual([['10:-', false]]);
    expect(translate(fixture('bet_cancel_window'), mapping, provider, memory).messages).toEqual([]);
    expect(events(translate(fixture('bet_cancel'), mapping, provider, memory).messages)).toEqual([['suspension', '10:-', true]]);
    expect(memory.closedMarkets.get('10:-')).toBe('cancelled');
    // A settlement's rollback does not open a cancelled market; the cancellation's own does.
    translate(fixture('rollback_bet_settlement'), mapping, provider, memory);
    expect(memory.closedMarkets.get('10:-')).toBe('cancelled');
    translate(fixture('rollback_bet_cancel'), mapping, provider, memory);
    expect(memory.closedMarkets.has('10:-')).toBe(false);
    expect(memory.closedMarkets.has('1:-')).toBe(false);
  });

  it("changes the match's state: postponed, rescheduled, cancelled, abandoned", () => {
    const memory = newMemory();
    expect(events(translate(fixture('odds_change_postponed'), mapping, provider, memory).messages)[0]).toEqual(['match_state', null, 'POSTPONED']);
    // A coverage change says nothing of the date; a new start time puts the postponed match back before kick-off.
    expect(events(translate(fixture('fixture_change_coverage'), mapping, provider, memory).messages)).toEqual([]);
    expect(events(translate(fixture('fixture_change_start_time'), mapping, provider, memory).messages)).toEqual([['match_state', null, 'PRE']]);
    expect(events(translate(fixture('fixture_change_cancelled'), mapping, provider, memory).messages)).toEqual([['match_state', null, 'CANCELLED']]);
    const abandoned = fixture('odds_change_live') as Extract<UofEventMessage, { type: 'odds_change' }>;
    const states = translate({ ...abandoned, status: { ...abandoned.status!, status: 9 } }, mapping, provider, memory).messages;
    expect(events(states)[0]).toEqual(['match_state', null, 'ABANDONED']);
    expect(events(translate(abandoned, mapping, provider, memory).messages)[0]).toEqual(['match_state', null, 'LIVE']);
  });

  it('counts an outcome the mapping or the provider lacks, and a line the provider does not carry', () => {
    const xml = `<odds_change product="3" event_id="sr:match:1" timestamp="1000"><odds>
      <market status="1" id="1"><outcome id="1" odds="2.1" active="1"/><outcome id="9" odds="3" active="1"/></market>
      <market status="1" id="18" specifiers="total=7.5"><outcome id="12" odds="9" active="1"/></market></odds></odds_change>`;
    const { messages, unknown } = translate(parseUof(xml) as UofEventMessage, mapping, provider, newMemory());
    expect(messages.filter((m) => m.type === 'offer')).toEqual([
      expect.objectContaining({ prematch: true, score: 'PRE', match_time: null, period: 0, outcomes: [{ label: '1', line: null, odds: 2100 }] }),
    ]);
    expect(unknown).toEqual([
      { market: '1', outcome: '9', reason: SKIPPED.outcomeNotMapped },
      { market: '18 (total=7.5)', outcome: null, reason: SKIPPED.notCarried },
    ]);
  });

  it('reads lines and odds', () => {
    expect([lineOf('total', '2.5'), lineOf('hcp', '0:1'), lineOf('hcp', '2:0'), lineOf('hcp', '-1.25'), lineOf('total', 'x')]).toEqual([
      2500,
      -1000,
      2000,
      -1250,
      null,
    ]);
    expect([oddsOf('1.85'), oddsOf('1.0'), oddsOf('1001'), oddsOf('12.345')]).toEqual([1850, null, null, 12345]);
  });
});
