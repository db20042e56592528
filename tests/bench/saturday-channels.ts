/**
 * The saturday bench's feed → channel figures (issue 48 item 3): for each vendor channel, the
 * deliveries decided from offers the bench posted in the window, and for each the time from the
 * bench posting the ingest call that carried its offer to the vendor's fake receiving the first
 * call for it: fired (deliveries) against called, p50/p99/max. Correlated exactly, after the
 * window (broker: once the engine has stored what it was given, up to 5 minutes, so that a run whose
 * engine fell behind is measured with its backlog), from the stack's database: each delivery's offer (its match and source id, whose post
 * time the bench kept) and its tracked link; each fake call names its delivery (FCM's and APNs's
 * `delivery_id`, WhatsApp's `biz_opaque_callback_data`) or carries the link in its text
 * (Telegram, X). With SATURDAY_CHANNEL_429=<vendor> that vendor's fake answers every call 429
 * from the window's start (saturday-fakes.ts): its calls are counted, its figures are not the
 * ones that count. Also told: the window's firings, its deliveries' statuses, and the
 * suppressions of the bench's contacts by reason, and, to tell the engine from the sender, the
 * time from the post to the start of the transaction that wrote the delivery (its created_at).
 */
import { and, count, eq, gte, inArray } from 'drizzle-orm';
import {
  type ContactInfo,
  contacts,
  type Db,
  deliveries,
  offers,
  type Reach,
  routeFor,
  suppressions,
  thresholdFirings,
  trackedLinks,
} from '@odds/upstream/testing';
import { onCleanup } from './bench-cleanup';
import { maxOf, percentile } from './relay-figures';
import { type Book, VENDOR_CHANNELS, writeBook } from './saturday-book';
import { VENDORS, type Vendor, type VendorCall, VendorFakes } from './saturday-fakes';
import type { Stack, StackBook } from './saturday-stack';

/** A contact's routing fields, as the engine routes it (docs/channels.md "Routing"). */
const ROUTING = {
  channelId: contacts.channelId,
  deviceId: contacts.deviceId,
  mobile: contacts.mobile,
  twitter: contacts.twitter,
  segment: contacts.segment,
  listId: contacts.listId,
  email: contacts.email,
};
/** Every vendor configured, as the book configures them. */
const EVERY_VENDOR: Reach = { smtp: false, vendors: new Set<string>(VENDORS) };

/** The vendor a contact's deliveries go to: the engine's own routing (routeFor), every vendor configured. */
function vendorOf(contact: Pick<ContactInfo, keyof typeof ROUTING>): Vendor | null {
  const route = routeFor(contact as ContactInfo, EVERY_VENDOR);
  return route.kind === 'vendor' ? (route.vendor as Vendor) : null;
}

/** SATURDAY_CHANNEL_429: the vendor whose fake answers 429 for the whole window, or none. */
function refusedVendor(value = process.env.SATURDAY_CHANNEL_429): Vendor | null {
  if (!value) return null;
  if (!(VENDORS as readonly string[]).includes(value)) throw new Error(`SATURDAY_CHANNEL_429 must be one of ${VENDORS.join(', ')}, got '${value}'`);
  return value as Vendor;
}

interface Decided {
  id: number;
  vendor: Vendor;
  status: string;
  postedMs: number;
  /** When the engine's transaction that wrote the delivery began (the row's created_at): the decision. */
  decidedMs: number;
}

export interface ChannelFigures {
  rows: Record<string, string | number>[];
  /** The summary row's cells. */
  summary: Record<string, string>;
  lines: string[];
}

export class FeedToChannel {
  /** `{match}|{source id}` of each offer posted → when the bench posted it (ms). */
  private readonly posted = new Map<string, number>();
  /** The customers the book wrote, once the stack has written it. */
  private book: Book | null = null;

  private constructor(
    readonly fakes: VendorFakes,
    readonly refused: Vendor | null,
  ) {}

  /** The vendor fakes started (SATURDAY_CHANNEL_429 read first: a wrong value stops the bench before anything starts). */
  static async start(): Promise<FeedToChannel> {
    const refused = refusedVendor();
    return new FeedToChannel(await VendorFakes.start(), refused);
  }

  /** What the stack writes into its database before its servers start, and the fakes' settings for them. */
  get stackBook(): StackBook {
    return {
      env: this.fakes.env,
      write: async (db, matchIds) => {
        this.book = await writeBook(db, matchIds, this.fakes.forms, this.fakes.env.CHANNEL_SECRETS_KEY!);
      },
    };
  }

  /** The bench is posting these messages of the match now (the moment its ingest call goes). */
  posting(matchId: number, messages: object[], atMs: number): void {
    for (const m of messages as { type: string; source_id: string }[]) if (m.type === 'offer') this.posted.set(`${matchId}|${m.source_id}`, atMs);
  }

  /** The window begins: the refused vendor answers 429 from now on. */
  windowBegins(): void {
    if (this.refused) this.fakes.refuse(this.refused);
  }

  /** Reads the window's deliveries from the stack's database (embedded: once the console has stopped) and matches them with the fakes' calls. */
  async figures(stack: Stack, from: number, until: number): Promise<ChannelFigures> {
    const database = await stack.openDatabase();
    const close = onCleanup('the read of the saturday database', () => database.close());
    const inWindow = (matchId: number, sourceId: string) => {
      const at = this.posted.get(`${matchId}|${sourceId}`);
      return at !== undefined && at > from && at <= until ? at : null;
    };
    const since = new Date(from - 1_000);
    try {
      const drain = stack.mode === 'broker' ? await drained(database.db, since) : null;
      const decided = await decidedIn(database.db, since, inWindow);
      const suppressed = await suppressedIn(database.db, since, inWindow);
      const firings = await firingsIn(database.db, since, inWindow);
      const figures = this.report(decided.rows, this.firstCalls(decided.links), {
        suppressed,
        firings,
        seconds: (until - from) / 1000,
        matches: stack.matchIds.length,
      });
      if (drain) figures.lines.push(drain);
      return figures;
    } finally {
      await close();
    }
  }

  /** Each delivery's first call at its fake (ms), the calls naming a tracked link mapped to its delivery. */
  private firstCalls(links: Map<string, number>): Map<number, number> {
    const first = new Map<number, number>();
    const deliveryOf = (call: VendorCall) => call.delivery ?? (call.link ? links.get(call.link) : undefined);
    for (const call of this.fakes.calls()) {
      const id = deliveryOf(call);
      if (id === undefined || Number.isNaN(id)) continue;
      const known = first.get(id);
      if (known === undefined || call.atMs < known) first.set(id, call.atMs);
    }
    return first;
  }

  private report(
    decided: Decided[],
    first: Map<number, number>,
    seen: { suppressed: string; firings: number; seconds: number; matches: number },
  ): ChannelFigures {
    const rows = VENDORS.map((vendor) => {
      const mine = decided.filter((d) => d.vendor === vendor);
      const latencies = mine.flatMap((d) => (first.has(d.id) ? [first.get(d.id)! - d.postedMs] : []));
      const decisions = mine.map((d) => d.decidedMs - d.postedMs);
      const count = (status: string) => mine.filter((d) => d.status === status).length;
      return {
        channel: vendor === this.refused ? `${vendor} (429 all window)` : vendor,
        contacts: this.book?.customers[vendor] ?? 0,
        fired: mine.length,
        called: latencies.length,
        'SENT / PENDING / FAILED': `${count('SENT')} / ${count('PENDING')} / ${count('FAILED')}`,
        'called/s': (latencies.length / seen.seconds).toFixed(2),
        // Where the time goes: posted → the engine's write of the delivery began.
        'to decision p50/p99 ms': decisions.length ? `${percentile(decisions, 50)} / ${percentile(decisions, 99)}` : '-',
        'p50 ms': latencies.length ? percentile(latencies, 50) : '-',
        'p99 ms': latencies.length ? percentile(latencies, 99) : '-',
        'max ms': latencies.length ? maxOf(latencies) : '-',
      };
    });
    const counted = rows.filter((r, i) => VENDORS[i] !== this.refused && typeof r['p99 ms'] === 'number');
    const worst = counted.reduce<(typeof rows)[number] | null>((w, r) => (!w || (r['p99 ms'] as number) > (w['p99 ms'] as number) ? r : w), null);
    const p99s = rows.map((r, i) => `${VENDORS[i]} ${VENDORS[i] === this.refused ? '429' : r['p99 ms']}`).join(' · ');
    return {
      rows,
      summary: {
        'feed→channel p99 ms': p99s,
        'feed→channel worst p99': worst ? `${worst['p99 ms']} ms (${worst.channel})` : '-',
        'feed→channel fired/called': `${decided.length} / ${rows.reduce((n, r) => n + r.called, 0)}`,
      },
      lines: [
        `firings of the window's offers: ${seen.firings} (${((seen.firings / seen.matches / seen.seconds) * 60).toFixed(2)} per match per minute)`,
        `suppressed (the window's offers, per contact): ${seen.suppressed || 'none'}`,
      ],
    };
  }
}

/** Prints the figures after the bench's other tables. */
export function printFigures(mode: string, figures: ChannelFigures, refused: Vendor | null): void {
  const storm = refused ? `; ${refused} answers 429 all window: the other channels' figures are the ones that count` : '';
  console.log(`\nfeed → channel (${mode}): ingest call posted → the vendor fake's first call for the delivery, fakes answering in 50 ms${storm}`);
  console.table(figures.rows);
  for (const line of figures.lines) console.log(line);
}

/** How long the engine may take after the feed stopped to store the offers it was given (a saturated run's backlog). */
const DRAIN_CAP_MS = 300_000;

/**
 * Waits until the offers stored since `since` stop growing for 4 s (the engine has caught up with
 * the feed, and sent what it decided), or DRAIN_CAP_MS: a run whose engine fell behind still has
 * its window's deliveries to measure, their latency including the backlog. Says how long it waited.
 */
async function drained(db: Db, since: Date): Promise<string> {
  const started = Date.now();
  const stored = async () => (await db.select({ n: count() }).from(offers).where(gte(offers.createdAt, since)))[0]!.n;
  let [last, still] = [await stored(), 0];
  while (still < 2 && Date.now() - started < DRAIN_CAP_MS) {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const now = await stored();
    still = now === last ? still + 1 : 0;
    last = now;
  }
  const waited = ((Date.now() - started) / 1000).toFixed(0);
  return still >= 2
    ? `read after the engine caught up: ${waited} s after the feed stopped, ${last} offers stored since the window began`
    : `read while the engine was still behind: its stores still moving ${waited} s after the feed stopped (${last} offers stored since the window began)`;
}

/** The deliveries to vendor channels of the window's offers, with their vendor and post time; and each tracked link's delivery. */
async function decidedIn(db: Db, since: Date, inWindow: (matchId: number, sourceId: string) => number | null) {
  const found = await db
    .select({
      id: deliveries.id,
      status: deliveries.status,
      createdAt: deliveries.createdAt,
      matchId: offers.matchId,
      sourceId: offers.sourceId,
      contact: ROUTING,
      link: trackedLinks.id,
    })
    .from(deliveries)
    .innerJoin(offers, eq(offers.id, deliveries.offerId))
    .innerJoin(contacts, eq(contacts.id, deliveries.contactId))
    .leftJoin(trackedLinks, eq(trackedLinks.deliveryId, deliveries.id))
    .where(and(gte(deliveries.createdAt, since), inArray(deliveries.channelId, VENDOR_CHANNELS)));
  const rows: Decided[] = [];
  const links = new Map<string, number>();
  for (const d of found) {
    const postedMs = inWindow(d.matchId, d.sourceId);
    const vendor = vendorOf(d.contact);
    if (d.link) links.set(d.link, d.id);
    if (postedMs !== null && vendor && d.status !== 'RECORDED') rows.push({ id: d.id, vendor, status: d.status, postedMs, decidedMs: d.createdAt.getTime() });
  }
  return { rows, links };
}

/** The suppressions of contacts on the window's offers, by reason and vendor ("RATE_LIMIT 12 (x 10, fcm 2)"). */
async function suppressedIn(db: Db, since: Date, inWindow: (matchId: number, sourceId: string) => number | null): Promise<string> {
  const found = await db
    .select({
      reason: suppressions.reason,
      count: suppressions.count,
      matchId: offers.matchId,
      sourceId: offers.sourceId,
      contact: ROUTING,
    })
    .from(suppressions)
    .innerJoin(offers, eq(offers.id, suppressions.offerId))
    .innerJoin(contacts, eq(contacts.id, suppressions.contactId))
    .where(gte(suppressions.createdAt, since));
  const byReason = new Map<string, Map<string, number>>();
  for (const s of found.filter((s) => inWindow(s.matchId, s.sourceId) !== null)) {
    const per = byReason.get(s.reason) ?? new Map<string, number>();
    const vendor = vendorOf(s.contact) ?? `channel ${s.contact.channelId}`;
    per.set(vendor, (per.get(vendor) ?? 0) + s.count);
    byReason.set(s.reason, per);
  }
  const total = (per: Map<string, number>) => [...per.values()].reduce((a, b) => a + b, 0);
  return [...byReason].map(([reason, per]) => `${reason} ${total(per)} (${[...per].map(([vendor, n]) => `${vendor} ${n}`).join(', ')})`).join('; ');
}

/** How many threshold sets fired on the window's offers (every set of the match: the bench's and the seeded ones). */
async function firingsIn(db: Db, since: Date, inWindow: (matchId: number, sourceId: string) => number | null): Promise<number> {
  const found = await db
    .select({ matchId: offers.matchId, sourceId: offers.sourceId })
    .from(thresholdFirings)
    .innerJoin(offers, eq(offers.id, thresholdFirings.offerId))
    .where(gte(thresholdFirings.createdAt, since));
  return found.filter((f) => inWindow(f.matchId, f.sourceId) !== null).length;
}
