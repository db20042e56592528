import { XMLParser } from 'fast-xml-parser';

/**
 * What UOF says about a producer (`GET /v1/descriptions/producers.xml`): the path of its recovery
 * calls (the last part of its `api_url`), its scope, whether it is active, and how far back a
 * recovery may reach (`stateful_recovery_window_in_minutes`).
 */
export interface ProducerInfo {
  id: number;
  name: string;
  /** `liveodds` of `https://api.betradar.com/v1/liveodds/`: recoveries go to `{UOF_API_URL}/v1/{path}/recovery/…`. */
  path: string;
  scope: string;
  active: boolean;
  windowMinutes: number;
}

type Row = [id: number, name: string, path: string, scope: string, windowMinutes: number];

/**
 * The vendor's producer list as its SDKs ship it for when the API cannot be asked (checked against
 * the SDKs' own fixtures): used without UOF_API_URL, or while producers.xml does not answer.
 */
const FALLBACK: Row[] = [
  [1, 'LO', 'liveodds', 'live', 600],
  [3, 'Ctrl', 'pre', 'prematch', 4320],
  [4, 'BetPal', 'betpal', 'live', 4320],
  [5, 'PremiumCricket', 'premium_cricket', 'live|prematch', 4320],
  [6, 'VF', 'vf', 'virtual', 180],
  [7, 'WNS', 'wns', 'prematch', 4320],
  [8, 'VBL', 'vbl', 'virtual', 180],
  [9, 'VTO', 'vto', 'virtual', 180],
  [10, 'VDR', 'vdr', 'virtual', 180],
  [11, 'VHC', 'vhc', 'virtual', 180],
  [12, 'VTI', 'vti', 'virtual', 180],
  [14, 'C-Odds', 'codds', 'live', 4320],
  [15, 'VBI', 'vbi', 'virtual', 180],
  [17, 'VCI', 'vci', 'virtual', 180],
];

export const FALLBACK_PRODUCERS: ReadonlyMap<number, ProducerInfo> = new Map(
  FALLBACK.map(([id, name, path, scope, windowMinutes]) => [id, { id, name, path, scope, active: true, windowMinutes }]),
);

/** A producer nobody described (a new one): its id as its name, and the smallest window the vendor uses. */
export const unknownProducer = (id: number): ProducerInfo => ({
  id,
  name: `producer ${id}`,
  path: `producer${id}`,
  scope: '',
  active: true,
  windowMinutes: 180,
});

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', parseAttributeValue: false, isArray: (name) => name === 'producer' });

/** Reads producers.xml; throws on a body that is not one (the caller keeps the fallback). */
export function parseProducers(xml: string): Map<number, ProducerInfo> {
  const doc = parser.parse(xml) as { producers?: { producer?: Record<string, string>[] } };
  const rows = doc.producers?.producer;
  if (!rows?.length) throw new Error('producers.xml lists no producer');
  const out = new Map<number, ProducerInfo>();
  for (const row of rows) {
    const id = Number(row.id);
    if (!Number.isInteger(id) || id < 1 || id > 1000) throw new Error(`producers.xml: producer id '${row.id}' is not one`);
    const path = /\/v1\/([A-Za-z0-9_-]+)\/?$/.exec(row.api_url ?? '')?.[1] ?? FALLBACK_PRODUCERS.get(id)?.path ?? `producer${id}`;
    const window = Number(row.stateful_recovery_window_in_minutes);
    out.set(id, {
      id,
      name: row.name || `producer ${id}`,
      path,
      scope: row.scope ?? '',
      active: row.active !== 'false',
      windowMinutes: Number.isFinite(window) && window > 0 ? window : (FALLBACK_PRODUCERS.get(id)?.windowMinutes ?? 180),
    });
  }
  return out;
}

/** Asks the UOF API for the producer list (once, at start); the caller falls back on failure. */
export type FetchProducers = () => Promise<Map<number, ProducerInfo>>;

export function uofProducersApi(apiUrl: string, token: string | null, fetchImpl: typeof fetch = fetch): FetchProducers {
  const url = `${apiUrl.replace(/\/+$/, '')}/v1/descriptions/producers.xml`;
  return async () => {
    const reply = await fetchImpl(url, { headers: token ? { 'x-access-token': token } : {}, signal: AbortSignal.timeout(10_000) });
    if (!reply.ok) throw new Error(`UOF producers.xml answered ${reply.status}`);
    return parseProducers(await reply.text());
  };
}
