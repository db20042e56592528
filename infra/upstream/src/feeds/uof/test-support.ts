/** UOF XML for tests and the demo generator, written the way UOF shapes its messages. */

export interface OddsMarket {
  id: number;
  specifiers?: string;
  status?: number;
  outcomes: [id: string | number, odds: number | null, active?: boolean][];
}

const attrs = (pairs: Record<string, string | number | null | undefined>) =>
  Object.entries(pairs)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => ` ${k}="${String(v)}"`)
    .join('');

export function oddsChangeXml(o: {
  event: string;
  timestamp: number;
  product?: number;
  requestId?: number;
  status?: { status: number; matchStatus: number; home: number; away: number; clock?: string };
  markets: OddsMarket[];
}): string {
  const status = o.status
    ? `<sport_event_status${attrs({ status: o.status.status, match_status: o.status.matchStatus, home_score: o.status.home, away_score: o.status.away })}>${o.status.clock ? `<clock match_time="${o.status.clock}"/>` : ''}</sport_event_status>`
    : '';
  const markets = o.markets
    .map(
      (m) =>
        `<market${attrs({ status: m.status ?? 1, id: m.id, specifiers: m.specifiers })}>${m.outcomes.map(([id, odds, active]) => `<outcome${attrs({ id, odds: odds === null ? null : odds.toFixed(2), active: active === false ? 0 : 1 })}/>`).join('')}</market>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><odds_change${attrs({ product: o.product ?? 1, event_id: o.event, timestamp: o.timestamp, request_id: o.requestId })}>${status}<odds>${markets}</odds></odds_change>`;
}

export const aliveXml = (product: number, timestamp: number, subscribed = true) =>
  `<alive product="${product}" timestamp="${timestamp}" subscribed="${subscribed ? 1 : 0}"/>`;
export const snapshotCompleteXml = (product: number, requestId: number, timestamp: number) =>
  `<snapshot_complete request_id="${requestId}" product="${product}" timestamp="${timestamp}"/>`;
export const productDownXml = (product: number, timestamp: number) => `<product_down product="${product}" timestamp="${timestamp}"/>`;
export const betStopXml = (event: string, timestamp: number, product = 1) =>
  `<bet_stop groups="all" product="${product}" event_id="${event}" timestamp="${timestamp}"/>`;
export const fixtureChangeXml = (event: string, startTime: number, timestamp: number, product = 3) =>
  `<fixture_change start_time="${startTime}" product="${product}" change_type="2" event_id="${event}" timestamp="${timestamp}"/>`;

/** An odds_change of 40 markets as UOF sends them: the three we map, and 37 we do not. */
export const fortyMarkets = (home: number): OddsMarket[] => [
  {
    id: 1,
    outcomes: [
      [1, home],
      [2, 3.3],
      [3, 3.6],
    ],
  },
  {
    id: 18,
    specifiers: 'total=2.5',
    outcomes: [
      [12, 1.9],
      [13, 1.95],
    ],
  },
  {
    id: 29,
    outcomes: [
      [74, 1.8],
      [76, 2.0],
    ],
  },
  ...Array.from(
    { length: 37 },
    (_, i): OddsMarket => ({
      id: 200 + i,
      specifiers: `total=${i}.5`,
      outcomes: [
        [12, 1.5 + i / 10],
        [13, 2.5],
      ],
    }),
  ),
];
