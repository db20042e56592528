import { describe, expect, it } from 'vitest';
import { connectorLabel, connectorQuery } from './useConnector';
import { marketSelectable, tabOf } from './useMatchPage';

describe('match page', () => {
  it('knows the tab of each match path', () => {
    expect(tabOf('/match/12')).toBe('graph');
    expect(tabOf('/match/12/')).toBe('graph');
    expect(tabOf('/match/12/feed')).toBe('feed');
    expect(tabOf('/match/12/content/preview')).toBe('content');
    expect(tabOf('/match/12/delivery')).toBe('delivery');
    expect(tabOf('/events/12')).toBe('stats');
    expect(tabOf('/event/12/edit')).toBe('add-stat');
    // Editing the saved events (the Stats list's Edit) is the Stats tab, not Add Stat.
    expect(tabOf('/event/12/edit', true)).toBe('stats');
  });

  it('enables the market selector on the Feed and Graph tabs only', () => {
    expect(['graph', 'feed', 'thresholds', 'content', 'delivery', 'stats', 'add-stat'].filter((t) => marketSelectable(t as never))).toEqual(['graph', 'feed']);
  });

  it('searches connectors only on a trailing dot', () => {
    expect(connectorQuery('Argentina')).toBeNull();
    expect(connectorQuery('Argentina.')).toBe('Argentina');
    expect(connectorQuery('.')).toBe('');
  });

  it('labels a connector hit with its kick-off and providers', () => {
    const start = new Date(2026, 6, 19, 18, 0).toISOString();
    expect(connectorLabel({ id: 9, title: 'Argentina - France', providers: ['Nordic Sportsbook'], start })).toBe(
      'Argentina - France, 2026-07-19 18:00 (Nordic Sportsbook)',
    );
    expect(connectorLabel({ id: 9, title: 'Argentina - France', providers: ['A', 'B'] })).toBe('Argentina - France (A, B)');
  });
});
