/**
 * How UOF markets become the console's markets: a UOF market id (with the specifier that carries
 * its line) maps to a market type of ours, and its outcome ids to that type's outcome keys. The
 * provider's market then names the outcome with its own label (its outcome mapping), as odds-feed/1
 * labels do. The defaults below ship for football's common markets; the table `uof_market_map`
 * (migration 0021) holds the rows in force, so an operator can add or change them.
 */

export interface UofMarketMapping {
  uofMarketId: number;
  typeId: number;
  /** The specifier that holds the line (`total`, `hcp`), null for markets without one. */
  lineSpecifier: string | null;
  /** UOF outcome id to our outcome key. */
  outcomes: Record<string, string>;
  name: string;
}

export const DEFAULT_UOF_MAPPINGS: UofMarketMapping[] = [
  { uofMarketId: 1, typeId: 1, lineSpecifier: null, outcomes: { 1: 'home', 2: 'draw', 3: 'away' }, name: '1x2' },
  { uofMarketId: 18, typeId: 2, lineSpecifier: 'total', outcomes: { 12: 'over', 13: 'under' }, name: 'Total' },
  { uofMarketId: 29, typeId: 10, lineSpecifier: null, outcomes: { 74: 'yes', 76: 'no' }, name: 'Both teams to score' },
  { uofMarketId: 60, typeId: 7, lineSpecifier: null, outcomes: { 1: 'home', 2: 'draw', 3: 'away' }, name: '1st half - 1x2' },
  { uofMarketId: 11, typeId: 12, lineSpecifier: null, outcomes: { 4: 'home', 5: 'away' }, name: 'Draw no bet' },
  { uofMarketId: 14, typeId: 14, lineSpecifier: 'hcp', outcomes: { 1711: 'home', 1712: 'draw', 1713: 'away' }, name: 'Handicap {hcp}' },
];

/**
 * A specifier's value as a line in thousandths: `total=2.5` is 2500; a 3-way handicap `hcp=0:1`
 * (the away side starts a goal up) is the home side's line, -1000; a plain `hcp=-1.5` is -1500.
 * Null when the value is not a number.
 */
export function lineOf(specifier: string, value: string): number | null {
  if (specifier === 'hcp' && /^\d{1,2}:\d{1,2}$/.test(value)) {
    const [home, away] = value.split(':').map(Number) as [number, number];
    return (home - away) * 1000;
  }
  if (!/^[+-]?\d{1,4}(\.\d{1,3})?$/.test(value)) return null;
  return Math.round(Number(value) * 1000);
}

/** Decimal odds text ('1.85') in thousandths (1850); null below 1.001 or beyond 1000, which our odds cannot hold. */
export function oddsOf(text: string): number | null {
  const odds = Math.round(Number(text) * 1000);
  return Number.isFinite(odds) && odds > 1000 && odds <= 1_000_000 ? odds : null;
}

export class MappingTable {
  private readonly byId = new Map<number, UofMarketMapping>();
  constructor(rows: readonly UofMarketMapping[] = DEFAULT_UOF_MAPPINGS) {
    for (const row of rows) this.byId.set(row.uofMarketId, row);
  }
  get(uofMarketId: number): UofMarketMapping | undefined {
    return this.byId.get(uofMarketId);
  }
  rows(): UofMarketMapping[] {
    return [...this.byId.values()];
  }
}
