import type { ScoresDefinition } from '@odds/protocol';

const none = { max_sub_node: 0, sub_node_increment: 1, sub_nodes: [], max_leaf_node: 0, leaf_node_increment: 1, leaf_nodes: [] };

/**
 * The four sports of SPEC §1 and how each keeps score. Football's grid runs to 8:8 (SPEC §9);
 * tennis counts sets, with games as sub nodes and points as leaf nodes; basketball's grid moves in
 * steps of 10 points so the score options stay a readable list.
 */
export const demoSports: { id: number; name: string; periods: number; scores: ScoresDefinition }[] = [
  { id: 1, name: 'Football', periods: 2, scores: { max_score: 8, increment: 1, ...none } },
  { id: 2, name: 'Ice Hockey', periods: 3, scores: { max_score: 10, increment: 1, ...none } },
  {
    id: 3,
    name: 'Tennis',
    periods: 3,
    scores: {
      max_score: 3,
      increment: 1,
      max_sub_node: 7,
      sub_node_increment: 1,
      sub_nodes: ['S1', 'S2', 'S3'],
      max_leaf_node: 4,
      leaf_node_increment: 1,
      leaf_nodes: ['0', '15', '30', '40', 'AD'],
    },
  },
  { id: 4, name: 'Basketball', periods: 4, scores: { max_score: 150, increment: 10, ...none } },
];

export const demoProviders = [
  { name: 'Nordic Sportsbook', active: true, languages: ['en', 'da', 'sv', 'no', 'fi'], sports: [1, 2, 3, 4] },
  { name: 'Iberia Apuestas', active: true, languages: ['es', 'es-mx', 'es-co', 'es-pa', 'en'], sports: [1, 4] },
  { name: 'Benelux Odds', active: false, languages: ['nl', 'fr', 'en'], sports: [1, 2] },
];
