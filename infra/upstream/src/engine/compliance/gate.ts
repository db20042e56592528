import { eq, sql } from 'drizzle-orm';
import type { ContentFlag } from '@odds/protocol';
import type { Queryable } from '../../db/client';
import { complianceSources } from '../../db/schema';
import type { ContactInfo, ContentInfo, MatchStatic } from '../match-state';
import type { RateLimiter, Refusal } from '../rate-limit';
import type { Texts } from '../texts';
import { blocksRefusal } from './blocks';
import { BlocksClient, type BlocksAnswer } from './blocks-source';
import { allowedContent, forbiddenRefusal } from './content-flags';
import { consentRefusal } from './consent';
import { dailyCapRefusal } from './daily-cap';
import { channelCode } from './person';
import { quietRefusal } from './quiet-hours';
import { listedRefusal, ruleFor } from './rules';
import type { ComplianceSettings } from './settings';
import { loadView, reachable, type MatchCompliance } from './view';

/**
 * The compliance gate between the engine's decision and every send (docs/compliance.md). Before
 * each batch the engine asks `prepare` once for the match (its view, cached with the match's
 * state, and the blocks source's answers for its person contacts, cached a short while); the
 * decision then checks each recipient with the gate it got, without another query. The checks, in
 * order, the first refusal wins: suppression list, blocks (fail closed), consent, quiet hours,
 * daily cap; then the content: only what the recipient's jurisdiction allows is tried.
 */
export class Compliance {
  private readonly views = new WeakMap<MatchStatic, Promise<MatchCompliance>>();
  readonly blocks: BlocksClient;
  /** The state last written per provider (the source's row is written only when it changes). */
  private readonly states = new Map<number, string>();

  constructor(
    private readonly db: Queryable,
    private readonly settings: ComplianceSettings,
    private readonly limiter: RateLimiter,
    now?: () => number,
  ) {
    this.blocks = new BlocksClient({ timeoutMs: settings.blocksTimeoutMs, cacheMs: settings.blocksCacheMs, ...(now && { now }) });
  }

  async prepare(statics: MatchStatic): Promise<ComplianceGate> {
    let view = this.views.get(statics);
    if (!view) {
      view = loadView(this.db, statics, this.settings);
      this.views.set(statics, view);
      view.catch(() => this.views.delete(statics));
    }
    const loaded = await view;
    let answers = new Map<string, BlocksAnswer>();
    if (loaded.source && !loaded.sourceError) {
      const refs = reachable(statics)
        .filter((c) => loaded.persons.has(c.id) && c.compliance?.customer_ref)
        .map((c) => c.compliance!.customer_ref!);
      if (refs.length) {
        answers = await this.blocks.lookup(loaded.source, refs);
        await this.recordState(statics.match.providerId, answers);
      }
    }
    return new ComplianceGate(loaded, answers, this.limiter);
  }

  /** The source's state for the Compliance screen: unavailable with the last error, or ok again. */
  private async recordState(providerId: number, answers: Map<string, BlocksAnswer>): Promise<void> {
    const failed = [...answers.values()].find((a) => a.kind === 'unavailable');
    const state = failed ? `unavailable:${failed.error}` : 'ok';
    if (this.states.get(providerId) === state) return;
    this.states.set(providerId, state);
    await this.db
      .update(complianceSources)
      .set({ state: failed ? 'unavailable' : 'ok', lastError: failed?.error ?? null, checkedAt: sql`now()` })
      .where(eq(complianceSources.providerId, providerId))
      .catch(() => this.states.delete(providerId));
  }
}

type Verdict = { refusal: Refusal } | { refusal: null; jurisdiction: string | null; forbidden: ReadonlySet<ContentFlag> | null };

/** One batch's checks: no query, no await. */
export class ComplianceGate {
  constructor(
    private readonly view: MatchCompliance,
    private readonly answers: Map<string, BlocksAnswer>,
    private readonly limiter: RateLimiter,
  ) {}

  check(contact: ContactInfo, atMs: number): Verdict {
    const fields = contact.compliance;
    const rule = ruleFor(this.view.rules, fields?.jurisdiction);
    const timeZone = fields?.time_zone ?? null;
    if (this.view.persons.has(contact.id)) {
      const ref = fields?.customer_ref ?? null;
      const refusal =
        listedRefusal(this.view.listed.get(contact.id)) ??
        (this.view.sourceError ? { reason: 'COMPLIANCE_UNAVAILABLE' as const, detail: this.view.sourceError } : null) ??
        (this.view.source ? blocksRefusal(ref, ref ? this.answers.get(ref) : undefined) : null) ??
        consentRefusal(channelCode(contact.channelId), fields?.consents ?? [], this.sourceConsent(ref, contact), this.view.consentRequired) ??
        quietRefusal(fields?.quiet_hours ?? rule?.quietHours ?? null, timeZone, atMs) ??
        dailyCapRefusal(contact.dailyCap, timeZone, atMs, (from, to) => this.limiter.pushesBetween(contact.id, from, to));
      if (refusal) return { refusal };
    } else {
      const refusal = quietRefusal(fields?.quiet_hours ?? rule?.quietHours ?? null, timeZone, atMs);
      if (refusal) return { refusal };
    }
    return { refusal: null, jurisdiction: rule?.jurisdiction ?? null, forbidden: rule?.forbidden.size ? rule.forbidden : null };
  }

  private sourceConsent(ref: string | null, contact: ContactInfo): boolean | undefined {
    const answer = ref ? this.answers.get(ref) : undefined;
    return answer?.kind === 'ok' ? answer.consents.get(channelCode(contact.channelId)) : undefined;
  }
}

/**
 * The decision's one call (decide.ts): the recipient's texts, or the compliance refusal that
 * stops them. Content its jurisdiction forbids is left out first; when nothing allowed has a text
 * but forbidden content would have, the refusal says so (JURISDICTION_CONTENT), else the texts'
 * own NO_CONTENT stands.
 */
export function compliantTexts(
  gate: ComplianceGate | undefined,
  contact: ContactInfo,
  atMs: number,
  contents: readonly ContentInfo[],
  textsOf: (contents: readonly ContentInfo[]) => Texts,
): { refusal: Refusal } | { refusal: null; texts: Texts } {
  const verdict = gate?.check(contact, atMs);
  if (verdict?.refusal) return verdict;
  if (!verdict?.forbidden) return { refusal: null, texts: textsOf(contents) };
  const allowed = contents.filter(allowedContent(verdict.forbidden));
  const texts = textsOf(allowed);
  if (texts.detail === null || allowed.length === contents.length) return { refusal: null, texts };
  return textsOf(contents).detail === null ? { refusal: forbiddenRefusal(verdict.jurisdiction!, verdict.forbidden) } : { refusal: null, texts };
}
