import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MappingTable } from './mapping';
import { marketName, newMemory, type MarketRef, type ProviderMarkets } from './market-state';
import { isEventMessage } from './messages';
import { parseUof } from './parse';
import { translate } from './translate';

/**
 * Every vendor-shaped fixture (fixtures/, written from UOF's XSD and the SDKs' test messages)
 * parses, and translating it loses nothing silently: each market of an odds_change becomes an
 * offer or a suspension of its own, or is counted with the reason it was skipped.
 */
const DIR = new URL('./fixtures/', import.meta.url);
const FILES = readdirSync(DIR).filter((f) => f.endsWith('.xml'));
const LABELS: Record<string, string> = { home: '1', draw: 'X', away: '2', over: 'Over', under: 'Under', yes: 'Yes', no: 'No' };
const CARRIED: MarketRef[] = [1, 7, 10, 12].map((typeId) => ({ typeId, line: null }));
CARRIED.push(...[1500, 2500, 3500].map((line) => ({ typeId: 2, line })));
const provider: ProviderMarkets = {
  labelOf: (typeId, line, key) => (CARRIED.some((m) => m.typeId === typeId && m.line === line) || typeId === 14 ? (LABELS[key] ?? null) : null),
  markets: [...CARRIED, { typeId: 14, line: -1000, dynamicLine: true }],
};

describe('the vendor-shaped fixtures', () => {
  it('cover every message type and fixture change type', () => {
    const types = new Set(FILES.map((f) => parseUof(readFileSync(new URL(f, DIR))).type));
    expect([...types].sort()).toEqual(
      [
        'alive',
        'bet_cancel',
        'bet_settlement',
        'bet_stop',
        'fixture_change',
        'odds_change',
        'product_down',
        'rollback_bet_cancel',
        'rollback_bet_settlement',
        'snapshot_complete',
      ].sort(),
    );
    const changes = FILES.map((f) => parseUof(readFileSync(new URL(f, DIR)))).flatMap((m) => (m.type === 'fixture_change' ? [m.changeType] : []));
    expect(new Set(changes)).toEqual(new Set([1, 2, 3, 4, 5, 6]));
    expect(FILES.map((f) => parseUof(readFileSync(new URL(f, DIR))).product)).toContain(4);
  });

  for (const file of FILES) {
    it(`${file}: parses, and each odds_change market is ingested or counted`, () => {
      const message = parseUof(readFileSync(new URL(file, DIR)));
      if (!isEventMessage(message)) return;
      const { messages, unknown } = translate(message, new MappingTable(), provider, newMemory());
      if (message.type !== 'odds_change') return;
      const base = `uof:${message.product}:${message.timestamp}`;
      for (const market of message.markets) {
        const id = `${base}:${market.id}:${market.specifierText}`;
        const taken = messages.some((m) => m.source_id === id || m.source_id.startsWith(`${id}:`));
        const counted = unknown.some((u) => u.market === marketName(market));
        expect(taken || counted, `${file}: market ${marketName(market)}`).toBe(true);
      }
    });
  }
});
