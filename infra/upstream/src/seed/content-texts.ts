import type { ContentType } from '@odds/protocol';

/**
 * The demo's content texts, written for each provider's languages (Nordic Sportsbook: en, da, sv,
 * no, fi; Iberia Apuestas: es, es-mx, en). Query tags are filled when compiled; see TEAM_TAGS.
 */

export const CATEGORIES = ['Pre-match', 'In-play', 'Goal alert', 'Value bet', 'Odds drift'] as const;
export type Category = (typeof CATEGORIES)[number];

/** Which market a text is for: a market type id and, for totals, the line in thousandths. */
export interface MarketKey {
  typeId: number;
  line?: number;
}

export interface GroupSeed {
  name: string;
  type: ContentType;
  channel: number;
  market?: MarketKey;
  linkTarget?: string;
  categories: Category[];
  texts: Record<string, string>;
  autoBuild?: boolean;
}

export const RESULT: MarketKey = { typeId: 1 };
export const OVER_UNDER_25: MarketKey = { typeId: 2, line: 2500 };
const BOTH_SCORE: MarketKey = { typeId: 10 };

export const NORDIC_GROUPS: GroupSeed[] = [
  {
    name: 'Match result – kick-off title',
    type: 'title',
    channel: 1,
    market: RESULT,
    categories: ['Pre-match'],
    autoBuild: true,
    texts: {
      en: '{{home.name}} v {{away.name}}: kick-off soon',
      da: '{{home.name}} mod {{away.name}}: kampen starter snart',
      sv: '{{home.name}} mot {{away.name}}: avspark snart',
      no: '{{home.name}} mot {{away.name}}: avspark snart',
      fi: '{{home.name}} – {{away.name}}: ottelu alkaa pian',
    },
  },
  {
    name: 'Match result – home win',
    type: 'content',
    channel: 1,
    market: RESULT,
    linkTarget: 'home',
    categories: ['Pre-match', 'Value bet'],
    texts: {
      en: '{{home.name}} have won {{home.wins}} of {{home.played}} matches this season. Odds on a home win: {{odds.home}}.',
      da: '{{home.name}} har vundet {{home.wins}} af {{home.played}} kampe i denne sæson. Odds på hjemmesejr: {{odds.home}}.',
      sv: '{{home.name}} har vunnit {{home.wins}} av {{home.played}} matcher den här säsongen. Odds på hemmaseger: {{odds.home}}.',
      no: '{{home.name}} har vunnet {{home.wins}} av {{home.played}} kamper denne sesongen. Odds på hjemmeseier: {{odds.home}}.',
      fi: '{{home.name}}: {{home.wins}} voittoa {{home.played}} ottelusta tällä kaudella. Kotivoiton kerroin: {{odds.home}}.',
    },
  },
  {
    name: 'Match result – away win',
    type: 'content',
    channel: 1,
    market: RESULT,
    linkTarget: 'away',
    categories: ['Pre-match', 'Value bet'],
    texts: {
      en: '{{away.name}} have won {{away.win_rate}}% of their matches this season. Odds on an away win: {{odds.away}}.',
      da: '{{away.name}} har vundet {{away.win_rate}} % af deres kampe i denne sæson. Odds på udesejr: {{odds.away}}.',
      sv: '{{away.name}} har vunnit {{away.win_rate}} % av sina matcher den här säsongen. Odds på bortaseger: {{odds.away}}.',
      no: '{{away.name}} har vunnet {{away.win_rate}} % av kampene sine denne sesongen. Odds på borteseier: {{odds.away}}.',
      fi: '{{away.name}} on voittanut tällä kaudella {{away.win_rate}} % otteluistaan. Vierasvoiton kerroin: {{odds.away}}.',
    },
  },
  {
    name: 'Match result – back the home side',
    type: 'cta',
    channel: 1,
    market: RESULT,
    linkTarget: 'home',
    categories: ['Pre-match'],
    texts: {
      en: 'Back {{home.name}} at {{odds.home}}',
      da: 'Spil på {{home.name}} til {{odds.home}}',
      sv: 'Spela på {{home.name}} till {{odds.home}}',
      no: 'Spill på {{home.name}} til {{odds.home}}',
      fi: 'Lyö vetoa: {{home.name}} kertoimella {{odds.home}}',
    },
  },
  {
    name: 'Goal alert',
    type: 'title',
    channel: 1,
    market: OVER_UNDER_25,
    categories: ['In-play', 'Goal alert'],
    autoBuild: true,
    texts: {
      en: 'Goal! {{home.name}} {{home.score}}-{{away.score}} {{away.name}}',
      da: 'Mål! {{home.name}} {{home.score}}-{{away.score}} {{away.name}}',
      sv: 'Mål! {{home.name}} {{home.score}}-{{away.score}} {{away.name}}',
      no: 'Mål! {{home.name}} {{home.score}}-{{away.score}} {{away.name}}',
      fi: 'Maali! {{home.name}} {{home.score}}-{{away.score}} {{away.name}}',
    },
  },
  {
    // The title of an over/under push between goals (the goal alert's title is for the scores after one).
    name: 'Goals market – in-play title',
    type: 'title',
    channel: 1,
    market: OVER_UNDER_25,
    categories: ['In-play'],
    texts: {
      en: '{{home.name}} v {{away.name}}: the goals market is moving',
      da: '{{home.name}} mod {{away.name}}: målmarkedet bevæger sig',
      sv: '{{home.name}} mot {{away.name}}: målmarknaden rör sig',
      no: '{{home.name}} mot {{away.name}}: målmarkedet beveger seg',
      fi: '{{home.name}} – {{away.name}}: maalimarkkina liikkuu',
    },
  },
  {
    // A push needs a title and a body for the outcome that fired (docs/engine-rules.md): the
    // titles above go out over one of these two.
    name: 'Over 2.5 goals – push',
    type: 'content',
    channel: 1,
    market: OVER_UNDER_25,
    linkTarget: 'over',
    categories: ['In-play', 'Value bet'],
    texts: {
      en: 'More goals to come? Over 2.5 goals now pays {{odds.over}}.',
      da: 'Flere mål på vej? Over 2,5 mål giver nu {{odds.over}}.',
      sv: 'Fler mål på väg? Över 2,5 mål ger nu {{odds.over}}.',
      no: 'Flere mål på vei? Over 2,5 mål gir nå {{odds.over}}.',
      fi: 'Lisää maaleja tulossa? Yli 2,5 maalin kerroin on nyt {{odds.over}}.',
    },
  },
  {
    name: 'Under 2.5 goals – push',
    type: 'content',
    channel: 1,
    market: OVER_UNDER_25,
    linkTarget: 'under',
    categories: ['In-play', 'Value bet'],
    texts: {
      en: 'Will it stay tight? Under 2.5 goals now pays {{odds.under}}.',
      da: 'Forbliver det tæt? Under 2,5 mål giver nu {{odds.under}}.',
      sv: 'Förblir det jämnt? Under 2,5 mål ger nu {{odds.under}}.',
      no: 'Forblir det jevnt? Under 2,5 mål gir nå {{odds.under}}.',
      fi: 'Pysyykö peli tiukkana? Alle 2,5 maalin kerroin on nyt {{odds.under}}.',
    },
  },
  {
    name: 'Over 2.5 goals – newsletter',
    type: 'content',
    channel: 2,
    market: OVER_UNDER_25,
    linkTarget: 'over',
    categories: ['In-play', 'Value bet'],
    texts: {
      en: '{{home.name}} and {{away.name}} have scored {{home.goals_for}} and {{away.goals_for}} goals this season. Over 2.5 goals is now {{odds.over}}.',
      da: '{{home.name}} og {{away.name}} har scoret henholdsvis {{home.goals_for}} og {{away.goals_for}} mål i denne sæson. Over 2,5 mål giver nu {{odds.over}}.',
      sv: '{{home.name}} och {{away.name}} har gjort {{home.goals_for}} respektive {{away.goals_for}} mål den här säsongen. Över 2,5 mål ger nu {{odds.over}}.',
      no: '{{home.name}} og {{away.name}} har scoret henholdsvis {{home.goals_for}} og {{away.goals_for}} mål denne sesongen. Over 2,5 mål gir nå {{odds.over}}.',
      fi: '{{home.name}} on tehnyt tällä kaudella {{home.goals_for}} ja {{away.name}} {{away.goals_for}} maalia. Yli 2,5 maalin kerroin on nyt {{odds.over}}.',
    },
  },
  {
    name: 'Both teams to score – tweet',
    type: 'content',
    channel: 3,
    market: BOTH_SCORE,
    linkTarget: 'yes',
    categories: ['Pre-match'],
    texts: {
      en: 'Both teams to score in {{home.name}} v {{away.name}}? Yes pays {{odds.yes}}. #WorldCup',
      da: 'Scorer begge hold i {{home.name}} mod {{away.name}}? Ja giver {{odds.yes}}. #VM',
      sv: 'Gör båda lagen mål i {{home.name}} mot {{away.name}}? Ja ger {{odds.yes}}. #VM',
      no: 'Scorer begge lag i {{home.name}} mot {{away.name}}? Ja gir {{odds.yes}}. #VM',
      fi: 'Tekevätkö molemmat joukkueet maalin ottelussa {{home.name}} – {{away.name}}? Kyllä-kerroin {{odds.yes}}. #MM',
    },
  },
];

export const IBERIA_GROUPS: GroupSeed[] = [
  {
    name: 'Resultado – título previo',
    type: 'title',
    channel: 1,
    market: RESULT,
    categories: ['Pre-match'],
    autoBuild: true,
    texts: {
      es: '{{home.name}} contra {{away.name}}: el partido empieza pronto',
      'es-mx': '{{home.name}} vs {{away.name}}: ¡ya casi arranca el partido!',
      en: '{{home.name}} v {{away.name}}: kick-off soon',
    },
  },
  {
    name: 'Resultado – victoria local',
    type: 'content',
    channel: 1,
    market: RESULT,
    linkTarget: 'home',
    categories: ['Pre-match', 'Value bet'],
    texts: {
      es: '{{home.name}} ha ganado {{home.wins}} de {{home.played}} partidos esta temporada. Cuota a la victoria local: {{odds.home}}.',
      'es-mx': '{{home.name}} lleva {{home.wins}} victorias en {{home.played}} partidos esta temporada. Momio para el local: {{odds.home}}.',
      en: '{{home.name}} have won {{home.wins}} of {{home.played}} matches this season. Odds on a home win: {{odds.home}}.',
    },
  },
  {
    name: 'Resultado – apuesta al local',
    type: 'cta',
    channel: 1,
    market: RESULT,
    linkTarget: 'home',
    categories: ['Pre-match'],
    texts: {
      es: 'Apuesta por {{home.name}} a {{odds.home}}',
      'es-mx': 'Apuéstale a {{home.name}} con momio de {{odds.home}}',
      en: 'Back {{home.name}} at {{odds.home}}',
    },
  },
  {
    name: 'Más de 2,5 goles – boletín',
    type: 'content',
    channel: 2,
    market: OVER_UNDER_25,
    linkTarget: 'over',
    categories: ['In-play', 'Value bet'],
    texts: {
      es: '{{home.name}} y {{away.name}} suman {{home.goals_for}} y {{away.goals_for}} goles esta temporada. Más de 2,5 goles se paga a {{odds.over}}.',
      'es-mx': '{{home.name}} y {{away.name}} llevan {{home.goals_for}} y {{away.goals_for}} goles esta temporada. Más de 2.5 goles paga {{odds.over}}.',
      en: '{{home.name}} and {{away.name}} have scored {{home.goals_for}} and {{away.goals_for}} goals this season. Over 2.5 goals is now {{odds.over}}.',
    },
  },
  {
    name: 'Gol – tuit',
    type: 'title',
    channel: 3,
    market: OVER_UNDER_25,
    categories: ['In-play', 'Goal alert'],
    texts: {
      es: '¡Gol! {{home.name}} {{home.score}}-{{away.score}} {{away.name}} #Mundial',
      'es-mx': '¡Goool! {{home.name}} {{home.score}}-{{away.score}} {{away.name}} #Mundial',
      en: 'Goal! {{home.name}} {{home.score}}-{{away.score}} {{away.name}} #WorldCup',
    },
  },
];

export interface ItemSeed {
  provider: 'nordic' | 'iberia';
  language: string;
  type: ContentType;
  channel: number;
  content: string;
  market?: MarketKey;
  /** Written for any provider's market of this type: shared with providers offering its language. */
  marketTypeId?: number;
  linkTarget?: string;
  side?: 'none' | 'both' | 'home' | 'away';
  categories: Category[];
  deliver?: boolean;
  autoBuild?: boolean;
  /** Archived items stay listed, struck through. */
  archivedAt?: string;
  image?: boolean;
}

/** Items outside groups: side-specific texts, an image, shared templates, paused and archived ones. */
export const SINGLE_ITEMS: ItemSeed[] = [
  {
    provider: 'nordic',
    language: 'en',
    type: 'title',
    channel: 1,
    market: RESULT,
    side: 'both',
    categories: ['Odds drift', 'Value bet'],
    content: 'Odds drift: {{home.name}} now {{odds.home}} against {{away.name}}',
  },
  {
    provider: 'nordic',
    language: 'en',
    type: 'content',
    channel: 1,
    market: RESULT,
    linkTarget: 'draw',
    categories: ['In-play'],
    content: 'Level at {{home.score}}-{{away.score}} after {{match.minute}} minutes. The draw is {{odds.draw}}.',
  },
  {
    provider: 'nordic',
    language: 'en',
    type: 'content',
    channel: 1,
    market: RESULT,
    linkTarget: 'home',
    categories: ['In-play'],
    content: '{{home.name}} {{home.score}}-{{away.score}} {{away.name}} after {{match.minute}} minutes. A home win now pays {{odds.home}}.',
  },
  {
    provider: 'nordic',
    language: 'en',
    type: 'content',
    channel: 1,
    market: RESULT,
    linkTarget: 'away',
    categories: ['In-play'],
    content: '{{home.name}} {{home.score}}-{{away.score}} {{away.name}} after {{match.minute}} minutes. An away win now pays {{odds.away}}.',
  },
  {
    provider: 'nordic',
    language: 'da',
    type: 'content',
    channel: 1,
    market: RESULT,
    linkTarget: 'home',
    side: 'home',
    categories: ['Pre-match'],
    content: '{{home.name}} har hjemmebane mod {{away.name}}. Odds på hjemmesejr: {{odds.home}}.',
  },
  {
    provider: 'nordic',
    language: 'sv',
    type: 'cta',
    channel: 2,
    market: RESULT,
    linkTarget: 'away',
    side: 'away',
    categories: ['Pre-match'],
    content: 'Spela på {{away.name}} till {{odds.away}}',
  },
  {
    provider: 'nordic',
    language: 'en',
    type: 'image',
    channel: 2,
    market: RESULT,
    categories: ['Pre-match'],
    content: 'Pitch banner for match result emails',
    image: true,
  },
  {
    provider: 'nordic',
    language: 'en',
    type: 'content',
    channel: 1,
    marketTypeId: 1,
    side: 'none',
    categories: ['Pre-match'],
    autoBuild: true,
    content: '{{league.name}}: {{home.name}} meet {{away.name}} at {{match.start}}.',
  },
  {
    provider: 'nordic',
    language: 'no',
    type: 'title',
    channel: 3,
    market: BOTH_SCORE,
    categories: ['In-play'],
    deliver: false,
    content: 'Begge lag har scoret: {{home.name}} {{home.score}}-{{away.score}} {{away.name}}',
  },
  {
    provider: 'nordic',
    language: 'en',
    type: 'title',
    channel: 1,
    market: RESULT,
    categories: ['Pre-match'],
    archivedAt: '2018-07-16T09:00:00Z',
    deliver: false,
    content: 'Russia 2018: {{home.name}} v {{away.name}} kicks off soon',
  },
  {
    provider: 'nordic',
    language: 'da',
    type: 'content',
    channel: 2,
    categories: ['Pre-match'],
    archivedAt: '2018-07-16T09:00:00Z',
    deliver: false,
    content: 'VM i Rusland: {{home.name}} mod {{away.name}} – se oddsene her.',
  },
  {
    provider: 'iberia',
    language: 'es',
    type: 'content',
    channel: 1,
    market: RESULT,
    linkTarget: 'away',
    side: 'away',
    categories: ['Pre-match', 'Value bet'],
    content: '{{away.name}} ha ganado el {{away.win_rate}} % de sus partidos esta temporada. Cuota a la victoria visitante: {{odds.away}}.',
  },
  {
    provider: 'iberia',
    language: 'es-mx',
    type: 'title',
    channel: 1,
    market: RESULT,
    side: 'both',
    categories: ['Odds drift'],
    content: '¡Ojo! El momio de {{home.name}} sube a {{odds.home}}',
  },
  {
    provider: 'iberia',
    language: 'es',
    type: 'title',
    channel: 3,
    categories: ['Pre-match'],
    archivedAt: '2022-12-19T09:00:00Z',
    deliver: false,
    content: 'Catar 2022: {{home.name}} contra {{away.name}}, ¡no te lo pierdas!',
  },
];
