import { INPLAY_NODE, PRE_NODE } from '../entities/score';
import type { ScoresDefinition } from '../entities/provider';

export interface Score {
  home: number;
  away: number;
}

/** The node of a score: 1-0 is 'H1-A0'. */
export const scoreNodeName = ({ home, away }: Score): string => `H${home}-A${away}`;

/** 'H1-A0' → {home: 1, away: 0}; PRE, INPLAY and anything else → null. No leading zeros. */
export function parseScoreNode(name: string): Score | null {
  const match = /^H(0|[1-9]\d{0,2})-A(0|[1-9]\d{0,2})$/.exec(name);
  return match ? { home: Number(match[1]), away: Number(match[2]) } : null;
}

/** Every `H{x}-A{y}` for x and y in 0..max in steps of increment, home score outermost. */
function scoreGrid(max: number, increment: number): string[] {
  const steps: number[] = [];
  for (let score = 0; score <= max; score += Math.max(1, increment)) steps.push(score);
  return steps.flatMap((home) => steps.map((away) => scoreNodeName({ home, away })));
}

/** Score node options of a sport (SPEC §5): PRE, INPLAY, then the grid up to max_score. */
export const scoreNodeNames = (scores: ScoresDefinition): string[] => [PRE_NODE, INPLAY_NODE, ...scoreGrid(scores.max_score, scores.increment)];

/** Score node options less those already used for the same market and channel (SPEC §5). */
export function availableScoreNodes(scores: ScoresDefinition, used: Iterable<string>): string[] {
  const taken = new Set(used);
  return scoreNodeNames(scores).filter((name) => !taken.has(name));
}

/**
 * Sub node options (e.g. games in a set): the sport's named sub nodes where it lists them, else the
 * grid up to max_sub_node, else none (max 0: the sport has no sub nodes and the selector is hidden).
 */
export function subNodeOptions(scores: ScoresDefinition): string[] {
  if (scores.sub_nodes.length > 0) return [...scores.sub_nodes];
  return scores.max_sub_node > 0 ? scoreGrid(scores.max_sub_node, scores.sub_node_increment) : [];
}

/** Leaf node options (e.g. points), on the same rules as sub nodes. */
export function leafNodeOptions(scores: ScoresDefinition): string[] {
  if (scores.leaf_nodes.length > 0) return [...scores.leaf_nodes];
  return scores.max_leaf_node > 0 ? scoreGrid(scores.max_leaf_node, scores.leaf_node_increment) : [];
}
