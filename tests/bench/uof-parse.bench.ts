/**
 * UOF parsing and mapping alone (no database): 40-market odds_change messages through parseUof
 * and translate, as one process does before the engine. `npm run bench -- uof-parse`.
 */
import { fortyMarkets, type LabelOf, MappingTable, newMemory, oddsChangeXml, parseUof, translate, type UofEventMessage } from '@odds/upstream/testing';

const N = 5000;
const bodies = Array.from({ length: N }, (_, n) =>
  Buffer.from(
    oddsChangeXml({
      event: 'sr:match:1',
      timestamp: 1_700_000_000_000 + n * 1000,
      status: { status: 1, matchStatus: 6, home: 0, away: 0, clock: '10:00' },
      markets: fortyMarkets(2 + (n % 50) / 100),
    }),
  ),
);
const labels: Record<string, string> = { home: '1', draw: 'X', away: '2', over: 'Over', under: 'Under', yes: 'Yes', no: 'No' };
const labelOf: LabelOf = (_type, _line, key) => labels[key] ?? null;
const mapping = new MappingTable();
const memory = newMemory();
let offers = 0;
const started = performance.now();
for (const body of bodies) offers += translate(parseUof(body) as UofEventMessage, mapping, { labelOf, markets: [] }, memory).messages.length;
const seconds = (performance.now() - started) / 1000;
console.log(
  `uof parse+map: ${N} odds_change of 40 markets (${(bodies[0]!.length / 1024).toFixed(1)} KB each) in ${seconds.toFixed(2)} s: ${(N / seconds).toFixed(0)} messages/s, ${((N * 40) / seconds).toFixed(0)} markets/s, ${offers} feed messages`,
);
