import { and, asc, eq, gt } from 'drizzle-orm';
import type { ContactLimiter, TrackerSpec } from '@odds/protocol';
import type { Tx } from '../db/client';
import { contacts, leagues, lists, matches, providers, segments, teams, trackers } from '../db/schema';
import { seedThresholds } from './thresholds';

/**
 * Demo contacts: the audiences (segments, lists) of each provider's engagement side, contacts on
 * every channel as a sportsbook's CRM team would name them, some rate-limited with per-period caps,
 * some subscribed to everything or to leagues and teams of the real World Cups; trackers on the
 * upcoming World Cup Classics fixtures and on the FIFA World Cup; then saved and match thresholds.
 * Languages stay within each provider's own. Providers are found by name (seed/sports.ts).
 */

interface AudienceSeed {
  segments: string[];
  lists: string[];
}

const AUDIENCES: Record<string, AudienceSeed> = {
  'Nordic Sportsbook': {
    segments: [
      'iOS app – Danish football fans',
      'Android app – Swedish in-play bettors',
      'Norwegian high-value customers',
      'Finnish casual bettors',
      'App users opted in to odds alerts',
    ],
    lists: ['Newsletter – Nordic weekly', 'VIP – Danish high rollers', 'World Cup Classics – replay reminders', 'Telegram – odds boost channel'],
  },
  'Iberia Apuestas': {
    segments: [
      'App iOS – aficionados al fútbol en México',
      'App Android – apuestas en vivo Colombia',
      'Clientes VIP – Panamá',
      'Usuarios España – Copa Mundial',
    ],
    lists: ['Boletín semanal – LatAm', 'WhatsApp – cuotas mejoradas', 'Newsletter – España fin de semana'],
  },
  'Benelux Odds': {
    segments: ['iOS app – Oranje supporters', 'Parieurs belges francophones'],
    lists: ['Nieuwsbrief – weekend voetbal', "Lettre d'information – Diables Rouges"],
  },
};

/** A contact as written here: destinations name a segment or list by its display name. */
interface ContactSeed {
  name: string;
  channelId: number;
  languages: string[];
  email?: string;
  twitter?: string;
  deviceId?: string;
  segment?: string;
  list?: string;
  mobile?: string;
  active?: boolean;
  subAll?: boolean;
  rateLimit?: { minutes: number; limiter: ContactLimiter };
  leagues?: string[];
  teams?: string[];
  rawFilter?: string;
}

const CONTACTS: Record<string, ContactSeed[]> = {
  'Nordic Sportsbook': [
    {
      name: 'iOS app – Danish football fans',
      channelId: 1,
      languages: ['da', 'en'],
      segment: 'iOS app – Danish football fans',
      leagues: ['FIFA World Cup'],
      teams: ['Denmark'],
    },
    {
      name: 'Trading desk – test iPhone',
      channelId: 1,
      languages: ['en'],
      deviceId: 'a3f29c7e4b1d4e0f9a6c2b8d5e7f1a30c4d6e8f0b2a4c6e8d0f2a4b6c8e0f2a4',
      subAll: true,
      rateLimit: {
        minutes: 10,
        limiter: { max_market_match_push: 2, max_match_push: 6, market_push_p1: 1, market_push_p2: 1, period_push_p1: 3, period_push_p2: 3 },
      },
    },
    {
      name: 'Android app – Swedish in-play bettors',
      channelId: 1,
      languages: ['sv', 'en'],
      segment: 'Android app – Swedish in-play bettors',
      teams: ['Sweden'],
      rateLimit: { minutes: 5, limiter: { max_market_match_push: 3, max_match_push: 8, period_push_p2: 5 } },
    },
    { name: 'Finnish casual bettors', channelId: 1, languages: ['fi'], segment: 'Finnish casual bettors', active: false, leagues: ['World Cup Classics'] },
    {
      name: 'Newsletter – Nordic weekly',
      channelId: 2,
      languages: ['en', 'sv', 'no'],
      email: 'nordic-weekly@lists.nordicsportsbook.example',
      list: 'Newsletter – Nordic weekly',
      subAll: true,
    },
    {
      name: 'VIP – Danish high rollers (email)',
      channelId: 2,
      languages: ['da'],
      email: 'vip-dk@crm.nordicsportsbook.example',
      list: 'VIP – Danish high rollers',
      teams: ['Denmark'],
      rateLimit: { minutes: 60, limiter: { max_match_push: 2, period_push_p1: 1, period_push_p2: 1 } },
    },
    {
      name: 'Twitter – @NordicOdds',
      channelId: 3,
      languages: ['en'],
      twitter: 'NordicOdds',
      subAll: true,
      rateLimit: { minutes: 15, limiter: { max_market_match_push: 1, max_match_push: 4 } },
    },
    {
      name: 'WhatsApp – Norwegian high-value customers',
      channelId: 7,
      languages: ['no', 'en'],
      segment: 'Norwegian high-value customers',
      mobile: '+47 22 00 00 00',
      leagues: ['FIFA World Cup'],
    },
    {
      name: 'Telegram – odds boost channel',
      channelId: 9,
      languages: ['en', 'fi'],
      deviceId: '-1001874526301',
      list: 'Telegram – odds boost channel',
      leagues: ['World Cup Classics'],
      rateLimit: { minutes: 3, limiter: { max_market_match_push: 4, market_push_p1: 2, market_push_p2: 2 } },
    },
    {
      name: 'Feed – trading partner odds feed',
      channelId: 4,
      languages: ['en'],
      subAll: true,
      rawFilter: '{"markets": ["Match Result", "Over/Under 2.5 Goals"]}',
    },
  ],
  'Iberia Apuestas': [
    {
      name: 'App iOS – aficionados al fútbol en México',
      channelId: 1,
      languages: ['es-mx', 'es'],
      segment: 'App iOS – aficionados al fútbol en México',
      teams: ['Mexico'],
    },
    {
      name: 'App Android – apuestas en vivo Colombia',
      channelId: 1,
      languages: ['es-co'],
      segment: 'App Android – apuestas en vivo Colombia',
      leagues: ['Copa Mundial de la FIFA'],
      rateLimit: { minutes: 5, limiter: { max_market_match_push: 2, max_match_push: 5, market_push_p1: 1, market_push_p2: 2 } },
    },
    {
      name: 'WhatsApp – cuotas mejoradas',
      channelId: 7,
      languages: ['es', 'es-pa'],
      list: 'WhatsApp – cuotas mejoradas',
      subAll: true,
      rateLimit: { minutes: 30, limiter: { max_match_push: 2, period_push_p1: 1, period_push_p2: 1 } },
    },
    {
      name: 'Newsletter – España fin de semana',
      channelId: 2,
      languages: ['es'],
      email: 'boletin@news.iberiaapuestas.example',
      list: 'Newsletter – España fin de semana',
      teams: ['Spain'],
    },
    { name: 'Telegram – Panamá en vivo', channelId: 9, languages: ['es-pa', 'en'], deviceId: '-1002216804417', segment: 'Clientes VIP – Panamá' },
    { name: 'Twitter – @IberiaCuotas', channelId: 3, languages: ['es'], twitter: 'IberiaCuotas', active: false },
    { name: 'Feed – socio de datos deportivos', channelId: 4, languages: ['es', 'en'], subAll: true },
  ],
  'Benelux Odds': [
    { name: 'iOS app – Oranje supporters', channelId: 1, languages: ['nl'], segment: 'iOS app – Oranje supporters' },
    {
      name: "Lettre d'information – Diables Rouges",
      channelId: 2,
      languages: ['fr', 'nl'],
      email: 'diables-rouges@news.beneluxodds.example',
      list: "Lettre d'information – Diables Rouges",
    },
  ],
};

export async function seedContacts(tx: Tx, now: Date): Promise<void> {
  const providerRows = await tx.select({ id: providers.id, name: providers.name, languages: providers.meta }).from(providers).orderBy(asc(providers.id));
  for (const provider of providerRows) {
    const audiences = AUDIENCES[provider.name];
    if (!audiences) continue;
    const segmentRows = await tx
      .insert(segments)
      .values(audiences.segments.map((displayName) => ({ providerId: provider.id, displayName })))
      .returning({ id: segments.id, name: segments.displayName });
    const listRows = await tx
      .insert(lists)
      .values(audiences.lists.map((name) => ({ providerId: provider.id, name })))
      .returning({ id: lists.id, name: lists.name });
    const idOf = (rows: { id: number; name: string }[], name?: string) => {
      const row = name ? rows.find((r) => r.name === name) : undefined;
      return row ? String(row.id) : null;
    };
    const leagueRows = await tx.select({ id: leagues.id, name: leagues.name }).from(leagues).where(eq(leagues.providerId, provider.id));
    const teamRows = await tx.select({ id: teams.id, name: teams.name }).from(teams).where(eq(teams.providerId, provider.id));
    const ids = (rows: { id: number; name: string }[], names: string[] = []) => names.flatMap((name) => rows.filter((r) => r.name === name).map((r) => r.id));
    const seeds = (CONTACTS[provider.name] ?? [])
      .map((c) => ({ ...c, languages: c.languages.filter((code) => provider.languages.languages.includes(code)) }))
      .filter((c) => c.languages.length > 0);
    if (!seeds.length) continue;
    await tx.insert(contacts).values(
      seeds.map((c) => ({
        providerId: provider.id,
        sportId: 1,
        channelId: c.channelId,
        name: c.name,
        languages: c.languages,
        active: c.active ?? true,
        subAll: c.subAll ?? false,
        email: c.email ?? null,
        twitter: c.twitter ?? null,
        deviceId: c.deviceId ?? null,
        mobile: c.mobile ?? null,
        segment: idOf(segmentRows, c.segment),
        listId: idOf(listRows, c.list),
        rawFilter: c.rawFilter ?? null,
        rateLimited: c.rateLimit !== undefined,
        rateLimitMinutes: c.rateLimit?.minutes ?? null,
        limiter: c.rateLimit?.limiter ?? {},
        leagueIds: ids(leagueRows, c.leagues),
        teamIds: ids(teamRows, c.teams),
      })),
    );
  }
  await seedTrackers(tx, now);
  await seedThresholds(tx, now);
}

const spec = (minScore: number, types: TrackerSpec['thresholds_type'], states: TrackerSpec['match_state']): TrackerSpec => ({
  limiter: { min_score: minScore },
  thresholds_type: types,
  match_state: states,
});

/**
 * Trackers: Nordic's push and Telegram audiences follow the next four Classics fixtures, the
 * WhatsApp customers the whole FIFA World Cup; Iberia's Colombian app users follow its Copa Mundial.
 */
async function seedTrackers(tx: Tx, now: Date): Promise<void> {
  const byName = async (name: string) => (await tx.select().from(contacts).where(eq(contacts.name, name)))[0];
  const leagueOf = async (name: string) => (await tx.select({ id: leagues.id, providerId: leagues.providerId }).from(leagues).where(eq(leagues.name, name)))[0];
  const rows: (typeof trackers.$inferInsert)[] = [];
  const classics = await leagueOf('World Cup Classics');
  if (classics) {
    const upcoming = await tx
      .select({ id: matches.id })
      .from(matches)
      .where(and(eq(matches.leagueId, classics.id), gt(matches.start, now)))
      .orderBy(asc(matches.start))
      .limit(4);
    const followers = [
      [await byName('iOS app – Danish football fans'), 'da', spec(60, 'VALUE', ['P', 'I'])],
      [await byName('Telegram – odds boost channel'), 'en', spec(75, ['VALUE', 'RELATIVE'], ['I'])],
      [await byName('Android app – Swedish in-play bettors'), 'sv', spec(55, 'RELATIVE', ['I'])],
    ] as const;
    upcoming.forEach((match, i) => {
      const [contact, language, trackerSpec] = followers[i % followers.length]!;
      if (contact) rows.push({ contactId: contact.id, language, modelType: 'M', modelId: match.id, active: i < 3, spec: trackerSpec });
    });
  }
  const worldCup = await leagueOf('FIFA World Cup');
  const whatsapp = await byName('WhatsApp – Norwegian high-value customers');
  if (worldCup && whatsapp)
    rows.push({ contactId: whatsapp.id, language: 'no', modelType: 'L', modelId: worldCup.id, active: true, spec: spec(65, ['VALUE', 'RANGE'], ['P', 'I']) });
  const twitter = await byName('Twitter – @NordicOdds');
  if (worldCup && twitter)
    rows.push({ contactId: twitter.id, language: 'en', modelType: 'L', modelId: worldCup.id, active: true, spec: spec(80, 'RANGE', ['P']) });
  const copa = await leagueOf('Copa Mundial de la FIFA');
  const colombia = await byName('App Android – apuestas en vivo Colombia');
  if (copa && colombia)
    rows.push({ contactId: colombia.id, language: 'es-co', modelType: 'L', modelId: copa.id, active: true, spec: spec(70, 'VALUE', ['I']) });
  if (rows.length) await tx.insert(trackers).values(rows);
}
