import { describe, expect, it } from 'vitest';
import type { ScoresDefinition } from '../entities/provider';
import { availableScoreNodes, leafNodeOptions, parseScoreNode, scoreNodeName, scoreNodeNames, subNodeOptions } from './score';

const football: ScoresDefinition = {
  max_score: 2,
  increment: 1,
  max_sub_node: 0,
  sub_node_increment: 1,
  sub_nodes: [],
  max_leaf_node: 0,
  leaf_node_increment: 1,
  leaf_nodes: [],
};
const tennis: ScoresDefinition = {
  max_score: 2,
  increment: 1,
  max_sub_node: 1,
  sub_node_increment: 1,
  sub_nodes: [],
  max_leaf_node: 0,
  leaf_node_increment: 1,
  leaf_nodes: ['0', '15', '30', '40', 'AD'],
};

describe('scoreNodeNames', () => {
  it('lists PRE, INPLAY and the grid up to max_score', () => {
    const names = scoreNodeNames(football);
    expect(names.slice(0, 5)).toEqual(['PRE', 'INPLAY', 'H0-A0', 'H0-A1', 'H0-A2']);
    expect(names).toHaveLength(2 + 9);
    expect(names.at(-1)).toBe('H2-A2');
  });
  it('steps by the increment', () => {
    expect(scoreNodeNames({ ...football, max_score: 4, increment: 2 })).toEqual([
      'PRE',
      'INPLAY',
      'H0-A0',
      'H0-A2',
      'H0-A4',
      'H2-A0',
      'H2-A2',
      'H2-A4',
      'H4-A0',
      'H4-A2',
      'H4-A4',
    ]);
  });
  it('leaves out nodes already used', () => {
    expect(availableScoreNodes(football, ['PRE', 'H1-A0'])).not.toContain('H1-A0');
    expect(availableScoreNodes(football, ['PRE', 'H1-A0'])).toHaveLength(9);
  });
});

describe('parseScoreNode', () => {
  it('reads a score node', () => {
    expect(parseScoreNode('H1-A0')).toEqual({ home: 1, away: 0 });
    expect(parseScoreNode('H12-A3')).toEqual({ home: 12, away: 3 });
  });
  it('round-trips with scoreNodeName', () => {
    expect(scoreNodeName(parseScoreNode('H3-A2')!)).toBe('H3-A2');
  });
  it('gives null for PRE, INPLAY and garbage', () => {
    for (const name of ['PRE', 'INPLAY', 'H1A0', 'h1-a0', 'H01-A0', 'H1-A', ' H1-A0', 'H-1-A0']) {
      expect(parseScoreNode(name), name).toBeNull();
    }
  });
});

describe('sub and leaf nodes', () => {
  it('are empty where the sport defines none', () => {
    expect(subNodeOptions(football)).toEqual([]);
    expect(leafNodeOptions(football)).toEqual([]);
  });
  it('use the grid up to the max, or the named nodes', () => {
    expect(subNodeOptions(tennis)).toEqual(['H0-A0', 'H0-A1', 'H1-A0', 'H1-A1']);
    expect(leafNodeOptions(tennis)).toEqual(['0', '15', '30', '40', 'AD']);
  });
});
