import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import type { BlocksAuth, ChannelCode } from '@odds/protocol';

/**
 * The sportsbook's blocks and consents, read the way Fast Track's CRM reads them from an operator
 * (docs/compliance.md "Blocks source"): `GET {base}/userblocks/{customerRef}` and
 * `GET {base}/userconsents/{customerRef}`, authenticated, each call timed out, answers cached for a
 * short while. Anything but two well-formed 2xx answers in time is `unavailable`: the engine then
 * suppresses (fail closed), it never guesses.
 */

const Blocks = Type.Object({
  blocks: Type.Array(Type.Object({ active: Type.Boolean(), type: Type.Union([Type.Literal('Excluded'), Type.Literal('Blocked')]), note: Type.String() })),
});
const Consents = Type.Object({ consents: Type.Array(Type.Object({ opted_in: Type.Boolean(), type: Type.String() })) });

/** Fast Track's consent types for our channels (Telegram has none: its consent is the contact's own). */
const CONSENT_TYPES: Readonly<Record<string, ChannelCode>> = { email: 'EMAIL', pushNotification: 'PUSH', sms: 'WHATSAPP' };

export interface SourceConfig {
  providerId: number;
  /** Its record's version: a saved change starts a fresh cache. */
  version: number;
  baseUrl: string;
  auth: BlocksAuth;
  username: string | null;
  secret: string | null;
}

export type BlocksAnswer =
  | { kind: 'ok'; excluded: string | null; blocked: string | null; consents: Map<ChannelCode, boolean> }
  | { kind: 'unavailable'; error: string };

interface BlocksClientSettings {
  timeoutMs: number;
  cacheMs: number;
  now?: () => number;
}

/** Calls at once per lookup. */
const CONCURRENCY = 8;
/** A failure is asked again this soon at the latest (a source back up is seen quickly). */
const FAILURE_CACHE_MS = 1_000;
const MAX_CACHED = 100_000;

function headersOf(source: SourceConfig): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (!source.secret) return headers;
  if (source.auth === 'api_key') headers['x-api-key'] = source.secret;
  else if (source.auth === 'bearer') headers.authorization = `Bearer ${source.secret}`;
  else headers.authorization = `Basic ${Buffer.from(`${source.username ?? ''}:${source.secret}`).toString('base64')}`;
  return headers;
}

async function getJson(url: string, source: SourceConfig, timeoutMs: number): Promise<{ ok: true; body: unknown } | { ok: false; error: string }> {
  let response: Response;
  try {
    response = await fetch(url, { headers: headersOf(source), signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
  } catch (error) {
    const name = (error as Error).name;
    return { ok: false, error: name === 'TimeoutError' ? `did not answer within ${timeoutMs} ms` : 'could not be reached' };
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    return { ok: false, error: `answered ${response.status}` };
  }
  try {
    return { ok: true, body: await response.json() };
  } catch {
    return { ok: false, error: 'answered something that is not JSON' };
  }
}

/** Asks the source about one customer (both endpoints at once). */
async function askSource(source: SourceConfig, customerRef: string, timeoutMs: number): Promise<BlocksAnswer> {
  const base = source.baseUrl.replace(/\/+$/, '');
  const ref = encodeURIComponent(customerRef);
  const [blocks, consents] = await Promise.all([
    getJson(`${base}/userblocks/${ref}`, source, timeoutMs),
    getJson(`${base}/userconsents/${ref}`, source, timeoutMs),
  ]);
  if (!blocks.ok) return { kind: 'unavailable', error: `the blocks source ${blocks.error}` };
  if (!consents.ok) return { kind: 'unavailable', error: `the consents source ${consents.error}` };
  if (!Value.Check(Blocks, blocks.body)) return { kind: 'unavailable', error: 'the blocks source answered a shape it should not' };
  if (!Value.Check(Consents, consents.body)) return { kind: 'unavailable', error: 'the consents source answered a shape it should not' };
  const active = (type: 'Excluded' | 'Blocked') => {
    const found = (blocks.body as Static<typeof Blocks>).blocks.find((b) => b.type === type && b.active);
    return found ? found.note : null;
  };
  const map = new Map<ChannelCode, boolean>();
  for (const c of (consents.body as Static<typeof Consents>).consents) {
    const channel = CONSENT_TYPES[c.type];
    if (channel) map.set(channel, c.opted_in);
  }
  return { kind: 'ok', excluded: active('Excluded'), blocked: active('Blocked'), consents: map };
}

/**
 * One process's cache of answers, by provider, source version and customer: a good answer is
 * kept `cacheMs` (COMPLIANCE_BLOCKS_CACHE_MS), a failure at most a second.
 */
export class BlocksClient {
  private readonly cache = new Map<string, { answer: BlocksAnswer; untilMs: number }>();
  private readonly now: () => number;
  /** Calls made (for tests and metrics). */
  calls = 0;

  constructor(private readonly settings: BlocksClientSettings) {
    this.now = settings.now ?? Date.now;
  }

  /** Answers for every customer, from the cache where it is fresh, else asked (a few at a time). */
  async lookup(source: SourceConfig, customerRefs: Iterable<string>): Promise<Map<string, BlocksAnswer>> {
    const answers = new Map<string, BlocksAnswer>();
    const missing: string[] = [];
    const now = this.now();
    for (const ref of new Set(customerRefs)) {
      const hit = this.cache.get(this.keyOf(source, ref));
      if (hit && hit.untilMs > now) answers.set(ref, hit.answer);
      else missing.push(ref);
    }
    let next = 0;
    const worker = async () => {
      while (next < missing.length) {
        const ref = missing[next++]!;
        this.calls += 1;
        const answer = await askSource(source, ref, this.settings.timeoutMs);
        answers.set(ref, answer);
        this.remember(this.keyOf(source, ref), answer);
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, missing.length) }, worker));
    return answers;
  }

  private keyOf(source: SourceConfig, ref: string): string {
    return `${source.providerId}:${source.version}:${ref}`;
  }

  private remember(key: string, answer: BlocksAnswer): void {
    if (this.cache.size >= MAX_CACHED) this.cache.delete(this.cache.keys().next().value!);
    const ttl = answer.kind === 'ok' ? this.settings.cacheMs : Math.min(this.settings.cacheMs, FAILURE_CACHE_MS);
    this.cache.delete(key);
    this.cache.set(key, { answer, untilMs: this.now() + ttl });
  }
}
