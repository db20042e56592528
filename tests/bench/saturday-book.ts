/**
 * The book behind the saturday bench's feed → channel figures, written into the seeded database
 * before its servers start (both shapes), for provider 1 (whose football matches the bench plays):
 * - its credentials for every vendor fake (saveChannel, the save of Settings → Channels, sealed
 *   with the bench's CHANNEL_SECRETS_KEY, which every server process is given);
 * - its seeded demo contacts switched off: they follow whole leagues (a WhatsApp number, FCM
 *   topics) without a rate limit, which no book does on a Saturday of N matches (the number alone
 *   would get every firing, over WhatsApp's one message per 6 s to a number);
 * - customers on each person channel (push through FCM, push to iOS through APNs, a Telegram
 *   chat, a WhatsApp number), each following FOLLOWED matches in play (a tracker on each, for
 *   RELATIVE firings in play), so every match has one follower per channel; each with its
 *   channel's marketing consent recorded, a customer reference, jurisdiction GB and zone
 *   Europe/London (the bench's database has no jurisdiction rules: no quiet hours or daily cap
 *   refuse), and at most one alert a minute (rate_limit_minutes 1, which also keeps a WhatsApp
 *   number under its one message per 6 s);
 * - the brand's X account, subscribed to every match, posting at most once a minute (rate limit
 *   1 minute: X allows 100 posts per 15 minutes);
 * - on every match, a sharp-move set on its three headline markets (Match Result, Over/Under 2.5,
 *   Both Teams to Score): RELATIVE, DROP 5 % within 1 minute of match clock (the product's
 *   "Sharp drop – 10% in 5 min" template of seed/thresholds.ts, tightened: that one needs minutes
 *   of history and fires about once per match every 7 minutes, the window would see it warming
 *   up); on the generated feeds it fires about 0.3 times per match per minute from the first
 *   half minute on (one firing every 3 minutes, as a book's in-play alerts on a busy Saturday;
 *   the markets' own bounds apply: at most 3 firings per market and match, 5 minutes or more
 *   between two of one outcome), and English in-play content on each vendor channel whose call
 *   to action is a URL (so every vendor message carries the delivery's tracked link).
 * Customers are few on purpose: every match's cached state holds every active contact of its
 * provider (engine/load.ts), so contacts cost memory per match.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { RELATIVE_THRESHOLD_DEFAULTS, type Consent, type MatchContentParts, type TrackerSpec } from '@odds/protocol';
import { contacts, type Db, markets, matchContents, saveChannel, thresholdSets, trackers } from '@odds/upstream/testing';
import type { ChannelForm, Vendor } from './saturday-fakes';

const PROVIDER = 1;
/** Matches each customer follows (a Saturday's coupon): customers per channel = N / FOLLOWED. */
const FOLLOWED = 5;
const CHUNK = 500;

interface PersonChannel {
  vendor: Vendor;
  channelId: number;
  consent: Consent['channel'];
  destination(customer: number): { deviceId?: string; mobile?: string };
}

const digest = (text: string) => createHash('sha256').update(text).digest('hex');

/** The person channels, each with the destination of its n-th customer (routing: docs/channels.md). */
const PERSON_CHANNELS: PersonChannel[] = [
  // An FCM registration token: anything but 64 hex digits (that is an APNs token).
  { vendor: 'fcm', channelId: 1, consent: 'PUSH', destination: (n) => ({ deviceId: `sat${n}:APA91b${digest(`fcm ${n}`).slice(0, 40)}` }) },
  // 64 hex digits; the fake answers tokens starting 'dead' Unregistered.
  { vendor: 'apns', channelId: 1, consent: 'PUSH', destination: (n) => ({ deviceId: digest(`apns ${n}`).replace(/^dead/, 'beef') }) },
  // A positive chat id: one person's chat with the bot.
  { vendor: 'telegram', channelId: 9, consent: 'TELEGRAM', destination: (n) => ({ deviceId: String(700_000_000 + n) }) },
  { vendor: 'whatsapp', channelId: 7, consent: 'WHATSAPP', destination: (n) => ({ mobile: `+4477${String(n).padStart(8, '0')}` }) },
];

const X_CHANNEL = 3;
/** The contact channels the vendor fakes serve. */
export const VENDOR_CHANNELS = [1, X_CHANNEL, 7, 9];

/** The book's contacts: customers per person channel and the X account; what the figures print beside each channel. */
export interface Book {
  customers: Record<Vendor, number>;
}

/** Writes the book for the N matches (saturday-data.ts's) into the database; `forms` are the fakes' credentials. */
export async function writeBook(db: Db, matchIds: number[], forms: Record<Vendor, ChannelForm>, secretsKey: string): Promise<Book> {
  const writes = { db, notices: { committed: async () => {} } };
  const admin = { user: { id: 1, name: 'Saturday bench' }, request: { headers: {} } };
  for (const [vendor, form] of Object.entries(forms)) await saveChannel(writes, admin, PROVIDER, vendor, { vendor, ...form, version: null }, secretsKey);
  await db.update(contacts).set({ active: false }).where(eq(contacts.providerId, PROVIDER));
  const perChannel = Math.ceil(matchIds.length / FOLLOWED);
  for (const channel of PERSON_CHANNELS) await writeCustomers(db, channel, perChannel, matchIds);
  await db.insert(contacts).values({
    providerId: PROVIDER,
    sportId: 1,
    channelId: X_CHANNEL,
    name: 'X – @SaturdayOdds',
    languages: ['en'],
    twitter: 'SaturdayOdds',
    subAll: true,
    rateLimited: true,
    rateLimitMinutes: 1,
  });
  await writeSets(db, matchIds);
  await writeContent(db, matchIds);
  const customers = Object.fromEntries(PERSON_CHANNELS.map((c) => [c.vendor, perChannel])) as Record<Vendor, number>;
  return { customers: { ...customers, x: 1 } };
}

/** A channel's customers, customer k following the matches k, k + count, k + 2·count…: one follower per match. */
async function writeCustomers(db: Db, channel: PersonChannel, count: number, matchIds: number[]): Promise<void> {
  const at = new Date().toISOString();
  const ids: number[] = [];
  for (let start = 0; start < count; start += CHUNK) {
    const rows = await db
      .insert(contacts)
      .values(
        Array.from({ length: Math.min(CHUNK, count - start) }, (_, j) => ({
          providerId: PROVIDER,
          sportId: 1,
          channelId: channel.channelId,
          name: `Saturday ${channel.vendor} customer ${start + j}`,
          languages: ['en'],
          ...channel.destination(start + j),
          customerRef: `SAT-${channel.vendor}-${start + j}`,
          jurisdiction: 'GB',
          timeZone: 'Europe/London',
          consents: [{ channel: channel.consent, status: 'GIVEN' as const, at, source: 'saturday bench: app opt-in' }],
          rateLimited: true,
          rateLimitMinutes: 1,
        })),
      )
      .returning({ id: contacts.id });
    ids.push(...rows.map((r) => r.id));
  }
  const spec: TrackerSpec = { limiter: { min_score: 0 }, thresholds_type: 'RELATIVE', match_state: ['I'] };
  const follows = matchIds.map((matchId, i) => ({ contactId: ids[i % count]!, language: 'en', modelType: 'M', modelId: matchId, active: true, spec }));
  for (let start = 0; start < follows.length; start += CHUNK) await db.insert(trackers).values(follows.slice(start, start + CHUNK));
}

/** The sharp-move set (DROP 5 % within 1 minute of match clock) on each match's Match Result, Over/Under 2.5 and Both Teams to Score. */
async function writeSets(db: Db, matchIds: number[]): Promise<void> {
  const headline = await db
    .select({ id: markets.id, outcomes: markets.outcomeMapping })
    .from(markets)
    .where(
      and(
        eq(markets.providerId, PROVIDER),
        eq(markets.sportId, 1),
        or(and(inArray(markets.typeId, [1, 10]), isNull(markets.line)), and(eq(markets.typeId, 2), eq(markets.line, 2500))),
      ),
    );
  const drop = { ...RELATIVE_THRESHOLD_DEFAULTS, direction: 'DROP', metric: 'PERCENT', value: 5, time_amount: 1, time_basis: 'GAME' };
  const sets = matchIds.flatMap((matchId) =>
    headline.map((market) => ({
      matchId,
      marketId: market.id,
      type: 'RELATIVE',
      thresholds: Object.fromEntries(Object.keys(market.outcomes as Record<string, string>).map((outcome) => [outcome, drop])),
    })),
  );
  for (let start = 0; start < sets.length; start += CHUNK) await db.insert(thresholdSets).values(sets.slice(start, start + CHUNK));
}

/** English in-play content for any market, on each vendor channel: a title, a body and a call to action that is a URL. */
async function writeContent(db: Db, matchIds: number[]): Promise<void> {
  const parts: MatchContentParts = {
    title: [{ content: 'Price drop: {{match.name}}' }],
    content: [{ content: 'Minute {{match.minute}}: the odds have shortened sharply in the last five minutes.', link_target: null }],
    cta: [{ content: 'https://www.nordicsportsbook.example/in-play', link_target: null }],
    image: [],
  };
  const rows = matchIds.flatMap((matchId) =>
    VENDOR_CHANNELS.map((channelId) => ({ matchId, marketId: null, marketTypeId: null, channelId, language: 'en', nodeId: 'INPLAY', parts })),
  );
  for (let start = 0; start < rows.length; start += CHUNK) await db.insert(matchContents).values(rows.slice(start, start + CHUNK));
}
