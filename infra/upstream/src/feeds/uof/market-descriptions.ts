import { replyMessage, type UofApiCall } from './api-client';
import {
  marketGroupsOf,
  parseMarketDescriptions,
  parseSingleVariant,
  parseVariantDescriptions,
  type UofMarketDescription,
  type UofVariantDescription,
} from './descriptions';

export interface MarketDescriptionsOptions {
  /** The descriptions' language (`en`). */
  language: string;
  /** How long a read stays fresh (UOF_DESCRIPTIONS_TTL_S); the vendor changes them rarely. */
  ttlMs: number;
  /** After a failed read, the next try waits this long (the stale copy, if any, serves meanwhile). */
  retryMs?: number;
  now?: () => number;
}

interface Loaded {
  markets: Map<number, UofMarketDescription>;
  variants: Map<string, UofVariantDescription>;
  at: number;
}

/**
 * The vendor's market descriptions, read from the UOF API and kept in memory for a TTL: every
 * market (markets.xml) and every variant (variants.xml) in one read, shared by concurrent callers;
 * a variant the list lacks is asked of the per-variant endpoint once and kept as long. A failed
 * read keeps serving what it had (the names change rarely) and is tried again after `retryMs`.
 */
export class MarketDescriptions {
  private loaded: Loaded | null = null;
  private loading: Promise<Loaded> | null = null;
  private failedAt: number | null = null;
  private lastError: Error | null = null;
  private readonly single = new Map<string, { variant: UofVariantDescription | null; at: number }>();
  private readonly now: () => number;

  constructor(
    private readonly call: UofApiCall,
    private readonly options: MarketDescriptionsOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** Every market by id (read or refreshed when stale); throws only when nothing was ever read. */
  async markets(): Promise<ReadonlyMap<number, UofMarketDescription>> {
    return (await this.current()).markets;
  }

  /** The outcomes of one variant of a market (`21`, `sr:exact_goals:5+`), null when the vendor has none. */
  async variant(marketId: number, variant: string): Promise<UofVariantDescription | null> {
    const listed = (await this.current()).variants.get(variant);
    if (listed) return listed;
    const key = `${marketId}/${variant}`;
    const kept = this.single.get(key);
    if (kept && this.now() - kept.at < this.options.ttlMs) return kept.variant;
    const path = `/v1/descriptions/${this.options.language}/markets/${marketId}/variants/${encodeURIComponent(variant)}?include_mappings=true`;
    const reply = await this.call(path);
    if (!reply.ok && reply.status !== 404) throw new Error(`UOF variant ${variant} of market ${marketId} answered ${reply.status}: ${replyMessage(reply)}`);
    const found = reply.ok ? parseSingleVariant(reply.text, variant) : null;
    this.single.set(key, { variant: found, at: this.now() });
    return found;
  }

  /**
   * The groups of a market as last read, without waiting (for a `bet_stop` on the hot path: its
   * `groups="…"` name these). Empty before the first read or for a market the vendor lacks.
   */
  groupsOf(marketId: number): string[] {
    if (!this.loaded) void this.current().catch(() => {});
    return this.loaded ? marketGroupsOf(this.loaded.markets, marketId) : [];
  }

  private async current(): Promise<Loaded> {
    const now = this.now();
    const fresh = this.loaded && now - this.loaded.at < this.options.ttlMs;
    const waiting = this.failedAt !== null && now - this.failedAt < (this.options.retryMs ?? 30_000);
    if (fresh || (waiting && this.loaded)) return this.loaded!;
    if (waiting && this.lastError) throw this.lastError;
    this.loading ??= this.read().finally(() => {
      this.loading = null;
    });
    try {
      return await this.loading;
    } catch (error) {
      if (this.loaded) return this.loaded;
      throw error;
    }
  }

  private async read(): Promise<Loaded> {
    const language = this.options.language;
    try {
      const [markets, variants] = await Promise.all([
        this.call(`/v1/descriptions/${language}/markets.xml?include_mappings=true`),
        this.call(`/v1/descriptions/${language}/variants.xml?include_mappings=true`),
      ]);
      for (const [what, reply] of [
        ['market', markets],
        ['variant', variants],
      ] as const) {
        if (!reply.ok) throw new Error(`UOF ${what} descriptions answered ${reply.status}: ${replyMessage(reply)}`);
      }
      this.loaded = {
        markets: new Map(parseMarketDescriptions(markets.text).map((m) => [m.id, m])),
        variants: new Map(parseVariantDescriptions(variants.text).map((v) => [v.id, v])),
        at: this.now(),
      };
      this.failedAt = null;
      this.lastError = null;
      return this.loaded;
    } catch (error) {
      this.failedAt = this.now();
      this.lastError = error as Error;
      throw error;
    }
  }
}
