/**
 * `npm run feed:generate`: writes the demo feeds of infra/feeds/ from the real goal minutes of the
 * 2022 World Cup (infra/upstream/seed-data/) with the pricing model of
 * infra/upstream/src/feeds/pricing.ts. Deterministic: running it again gives the same files.
 */
import { writeFileSync } from 'node:fs';
import { feedLine } from '../upstream/src/feeds/jsonl';
import { generateFeed } from '../upstream/src/feeds/generate-feed';
import { loadWorldCup } from '../upstream/src/data/worldcup';

/** The final, and the fixture `npm start` replays first (the first World Cup Classics match), and two more. */
export const DEMO_FIXTURES: [home: string, away: string, round: string][] = [
  ['Argentina', 'France', 'Final'],
  ['Netherlands', 'USA', 'Round of 16'],
  ['England', 'France', 'Quarter-finals'],
  ['Argentina', 'Croatia', 'Semi-finals'],
];

const cup = loadWorldCup(2022);
for (const [home, away, round] of DEMO_FIXTURES) {
  const match = cup.matches.find((m) => m.team1 === home && m.team2 === away && m.round === round);
  if (!match) throw new Error(`No ${home} - ${away} (${round}) in the 2022 data`);
  const { header, messages } = generateFeed(cup, match);
  const text = [feedLine({ offset_ms: 0, ...header }), ...messages.map(feedLine)].join('');
  const file = new URL(`./${header.name}.jsonl`, import.meta.url);
  writeFileSync(file, text);
  const offers = messages.filter((m) => m.type === 'offer').length;
  console.log(`${header.name}.jsonl: ${messages.length} messages (${offers} offers), ${(text.length / 1024).toFixed(0)} KB`);
}
