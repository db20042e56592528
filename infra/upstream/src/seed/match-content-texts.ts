import { type MarketKey, OVER_UNDER_25, RESULT } from './content-texts';

// The demo's match content: texts the seed writes onto a few World Cup matches, per score node.
// A push or email needs a title and a body for the outcome that fired (docs/engine-rules.md), so
// a node's bodies are either for no outcome in particular or one for each outcome of the market.

/** Match content of one match: texts per part for a market, language and channel at a score node. */
export interface MatchContentSeed {
  node: string;
  language: string;
  channel: number;
  market: MarketKey;
  hold?: boolean;
  title: string[];
  content: [text: string, linkTarget?: string][];
  cta: [text: string, linkTarget?: string][];
}

export const CLASSICS_CONTENT: MatchContentSeed[] = [
  {
    node: 'PRE',
    language: 'en',
    channel: 1,
    market: RESULT,
    title: ['{{home.name}} v {{away.name}}: the replay starts soon'],
    content: [
      ['{{home.name}} won {{home.wins}} of {{home.played}} at the 2022 World Cup; {{away.name}} won {{away.wins}}.'],
      ['Home win pays {{odds.home}}.', 'home'],
    ],
    cta: [
      ['Back {{home.name}} at {{odds.home}}', 'home'],
      ['Back {{away.name}} at {{odds.away}}', 'away'],
    ],
  },
  {
    node: 'PRE',
    language: 'da',
    channel: 1,
    market: RESULT,
    title: ['{{home.name}} mod {{away.name}}: genudsendelsen starter snart'],
    content: [['{{home.name}} vandt {{home.wins}} af {{home.played}} kampe ved VM i 2022.']],
    cta: [['Spil på {{home.name}} til {{odds.home}}', 'home']],
  },
  {
    node: 'H1-A0',
    language: 'en',
    channel: 1,
    market: RESULT,
    title: ['Goal! {{home.name}} lead {{away.name}} 1-0'],
    content: [
      ['{{home.name}} are ahead after {{match.minute}} minutes. A home win now pays {{odds.home}}.', 'home'],
      ['{{away.name}} are a goal down after {{match.minute}} minutes. The draw pays {{odds.draw}}.', 'draw'],
      ['Can {{away.name}} turn it round? An away win pays {{odds.away}}.', 'away'],
    ],
    cta: [['Back {{home.name}} to hold on at {{odds.home}}', 'home']],
  },
  {
    node: 'H0-A1',
    language: 'en',
    channel: 1,
    market: RESULT,
    hold: true,
    title: ['Goal! {{away.name}} lead {{home.name}} 0-1'],
    content: [
      ['{{away.name}} strike first. An away win now pays {{odds.away}}.', 'away'],
      ['{{home.name}} need one to level. The draw pays {{odds.draw}}.', 'draw'],
      ['Can {{home.name}} come back to win? A home win pays {{odds.home}}.', 'home'],
    ],
    cta: [['Back {{away.name}} at {{odds.away}}', 'away']],
  },
  {
    node: 'PRE',
    language: 'sv',
    channel: 2,
    market: OVER_UNDER_25,
    title: ['{{home.name}} mot {{away.name}}: blir det mål?'],
    content: [
      ['Över 2,5 mål ger {{odds.over}} före avspark.', 'over'],
      ['Under 2,5 mål ger {{odds.under}} före avspark.', 'under'],
    ],
    cta: [['Spela över 2,5 mål till {{odds.over}}', 'over']],
  },
];

export const FINAL_2022_CONTENT: MatchContentSeed[] = [
  {
    node: 'PRE',
    language: 'en',
    channel: 1,
    market: RESULT,
    title: ['World Cup final: {{home.name}} v {{away.name}}'],
    content: [['{{home.name}} reach the final with {{home.wins}} wins from {{home.played}}; {{away.name}} with {{away.wins}} from {{away.played}}.']],
    cta: [
      ['Back {{home.name}} at {{odds.home}}', 'home'],
      ['Back {{away.name}} at {{odds.away}}', 'away'],
    ],
  },
  {
    node: 'H2-A0',
    language: 'en',
    channel: 1,
    market: RESULT,
    title: ['{{home.name}} 2-0 up in the final'],
    content: [
      ['Two goals to the good before half time. The draw is out to {{odds.draw}}.', 'draw'],
      ['{{home.name}} are cruising. A home win now pays {{odds.home}}.', 'home'],
      ['{{away.name}} need three. An away win pays {{odds.away}}.', 'away'],
    ],
    cta: [['Back the comeback draw at {{odds.draw}}', 'draw']],
  },
  {
    node: 'H2-A2',
    language: 'fi',
    channel: 1,
    market: RESULT,
    title: ['{{away.name}} tasoitti: 2-2!'],
    content: [
      ['Finaali on tasan. Tasapelin kerroin on nyt {{odds.draw}}.', 'draw'],
      ['Finaali on tasan. {{home.name}} voittaa kertoimella {{odds.home}}.', 'home'],
      ['Finaali on tasan. {{away.name}} voittaa kertoimella {{odds.away}}.', 'away'],
    ],
    cta: [['Lyö vetoa tasapelistä kertoimella {{odds.draw}}', 'draw']],
  },
];

export const FINAL_2022_IBERIA: MatchContentSeed[] = [
  {
    node: 'PRE',
    language: 'es',
    channel: 1,
    market: RESULT,
    title: ['Final del Mundial: {{home.name}} contra {{away.name}}'],
    content: [['{{home.name}} llega a la final con {{home.wins}} victorias en {{home.played}} partidos.']],
    cta: [['Apuesta por {{home.name}} a {{odds.home}}', 'home']],
  },
  {
    node: 'H1-A0',
    language: 'es-mx',
    channel: 1,
    market: RESULT,
    title: ['¡Gol de {{home.name}}! 1-0 en la final'],
    content: [
      ['{{home.name}} se adelanta. El momio del local baja a {{odds.home}}.', 'home'],
      ['{{away.name}} va perdiendo. El empate paga {{odds.draw}}.', 'draw'],
      ['¿Remontará {{away.name}}? Su victoria paga {{odds.away}}.', 'away'],
    ],
    cta: [['Apuéstale a {{home.name}} con momio de {{odds.home}}', 'home']],
  },
];

export const SEMI_2022_CONTENT: MatchContentSeed[] = [
  {
    node: 'PRE',
    language: 'no',
    channel: 1,
    market: RESULT,
    title: ['Semifinale: {{home.name}} mot {{away.name}}'],
    content: [['{{home.name}} har vunnet {{home.wins}} av {{home.played}} kamper i VM.']],
    cta: [['Spill på {{home.name}} til {{odds.home}}', 'home']],
  },
];
