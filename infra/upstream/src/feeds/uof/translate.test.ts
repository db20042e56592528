import { describe, expect, it } from 'vitest';
import { lineOf, MappingTable, oddsOf } from './mapping';
import type { UofEventMessage } from './messages';
import { parseUof } from './parse';
import { newMemory, translate, type LabelOf } from './translate';
import { readFileSync } from 'node:fs';

const fixture = (name: string) => parseUof(readFileSync(new URL(`./fixtures/${name}.xml`, import.meta.url))) as UofEventMessage;

// The first demo provider's labels (seed/markets.ts): 1 X 2, Over/Under, Yes/No; it has totals 1.5, 2.5, 3.5.
const LABELS: Record<string, string> = { home: '1', draw: 'X', away: '2', over: 'Over', under: 'Under', yes: 'Yes', no: 'No' };
const labelOf: LabelOf = (typeId, line, key) =>
  [1, 10].includes(typeId) || (typeId === 2 && [1500, 2500, 3500].includes(line ?? 0)) ? (LABELS[key] ?? null) : null;
const mapping = new MappingTable();

describe('UOF to odds-feed/1', () => {
  it('maps markets 1, 18 and 29 to offers with labels, lines and odds in thousandths; counts the unknown market 26', () => {
    const memory = newMemory();
    const { messages, unknown } = translate(fixture('odds_change'), mapping, labelOf, memory);
    const offers = messages.filter((m) => m.type === 'offer');
    expect(offers).toEqual([
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
    expect(unknown).toEqual([{ market: '26', outcome: null }]);
    const events = messages.filter((m) => m.type === 'event');
    // First sight of a live match: its period starts, two away goals, the settled total 1.5 is suspended, and the stop (unknown after a start) is lifted.
    expect(events.map((e) => e.type === 'event' && [e.kind, e.score ?? null, e.suspended ?? null])).toEqual([
      ['period_start', 'H0-A0', null],
      ['goal', 'H0-A1', null],
      ['goal', 'H0-A2', null],
      ['suspension', null, true],
      ['suspension', null, false],
    ]);
    // The same message again gives the same source ids (the engine stores it once) and no new events.
    const again = translate(fixture('odds_change'), mapping, labelOf, memory);
    expect(again.messages.filter((m) => m.type === 'event')).toEqual([]);
    expect(again.messages.filter((m) => m.type === 'offer').map((m) => m.source_id)).toEqual(offers.map((m) => m.source_id));
  });

  it('turns a bet_stop into a suspension of the match, lifted by the next active odds_change', () => {
    const memory = newMemory();
    translate(fixture('odds_change'), mapping, labelOf, memory);
    expect(translate(fixture('bet_stop'), mapping, labelOf, memory).messages).toEqual([
      {
        type: 'event',
        source_id: 'uof:1:1487254400000:bet_stop',
        sent_at: '2017-02-16T14:13:20.000Z',
        kind: 'suspension',
        suspended: true,
        match_time: null,
        reason: 'uof bet_stop all',
      },
    ]);
    const next = translate(fixture('odds_change'), mapping, labelOf, memory).messages.filter((m) => m.type === 'event');
    expect(next).toEqual([expect.objectContaining({ kind: 'suspension', suspended: false })]);
  });

  it('turns a bet_settlement into settled markets, counting what it cannot map', () => {
    const { messages, unknown } = translate(fixture('bet_settlement'), mapping, labelOf, newMemory());
    expect(messages).toEqual([
      expect.objectContaining({ kind: 'suspension', suspended: true, reason: 'settled', market: { type_id: 1, line: null } }),
      expect.objectContaining({ kind: 'suspension', suspended: true, reason: 'settled', market: { type_id: 2, line: 2500 } }),
    ]);
    expect(unknown).toEqual([{ market: '213 (setnr=3|gamenr=3)', outcome: null }]);
  });

  it('counts an outcome the mapping or the provider lacks, and a line the provider does not carry', () => {
    const xml = `<odds_change product="3" event_id="sr:match:1" timestamp="1000"><odds>
      <market status="1" id="1"><outcome id="1" odds="2.1" active="1"/><outcome id="9" odds="3" active="1"/></market>
      <market status="1" id="18" specifiers="total=7.5"><outcome id="12" odds="9" active="1"/></market></odds></odds_change>`;
    const { messages, unknown } = translate(parseUof(xml) as UofEventMessage, mapping, labelOf, newMemory());
    expect(messages.filter((m) => m.type === 'offer')).toEqual([
      expect.objectContaining({ prematch: true, score: 'PRE', match_time: null, period: 0, outcomes: [{ label: '1', line: null, odds: 2100 }] }),
    ]);
    expect(unknown).toEqual([
      { market: '1', outcome: '9' },
      { market: '18 (total=7.5)', outcome: '12' },
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
