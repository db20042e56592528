import { describe, expect, it } from 'vitest';
import type { CatalogChangedPayload, ChangeNotice, MatchChangedPayload } from '@odds/protocol';
import { forwardCatalogNotice } from './catalog-notices';

const notice = (change: Partial<ChangeNotice>): ChangeNotice => ({
  seq: 1,
  match_id: 0,
  topics: [],
  offer_ids: [],
  delivery_ids: [],
  event_ids: [],
  reset: false,
  at: '2026-11-24T09:00:00.000Z',
  ...change,
});
const ana = { id: 7, name: 'Ana' };

function forward(change: Partial<ChangeNotice>) {
  const matches: MatchChangedPayload[] = [];
  const consoles: CatalogChangedPayload[] = [];
  const sent = forwardCatalogNotice(notice(change), { toMatch: (_id, payload) => matches.push(payload), toConsoles: (payload) => consoles.push(payload) });
  return { sent, matches, consoles };
}

describe('forwardCatalogNotice', () => {
  it('sends a connector reassign to every match the notice names, naming the match written and who wrote it', () => {
    const { sent, matches, consoles } = forward({ match_ids: [3, 9, 12], entities: [{ entity: 'match', id: 9, action: 'update', actor: ana }] });
    expect(sent).toBe(3);
    expect(matches).toEqual([3, 9, 12].map((matchId) => ({ matchId, entity: 'match', id: 9, action: 'update', actor: ana, at: '2026-11-24T09:00:00.000Z' })));
    expect(consoles).toEqual([]);
  });

  it("sends a provider's own write to every console", () => {
    const { sent, matches, consoles } = forward({ provider_id: 2, entities: [{ entity: 'provider', id: 2, action: 'update', actor: ana }] });
    expect(sent).toBe(1);
    expect(consoles).toEqual([{ entity: 'provider', id: 2, action: 'update', actor: ana, at: '2026-11-24T09:00:00.000Z' }]);
    expect(matches).toEqual([]);
  });

  it("sends the kill switch's stop or resume to every console, a provider's and the deployment's (no provider)", () => {
    const one = forward({ provider_id: 2, entities: [{ entity: 'send_stop', id: 5, action: 'update', actor: ana }] });
    const all = forward({ entities: [{ entity: 'send_stop', id: 6, action: 'update', actor: ana }] });
    expect([one.sent, all.sent]).toEqual([1, 1]);
    expect(all.consoles).toEqual([{ entity: 'send_stop', id: 6, action: 'update', actor: ana, at: '2026-11-24T09:00:00.000Z' }]);
  });

  it('sends nothing for feed, edit, provider-wide data and revocation notices', () => {
    for (const change of [
      { match_id: 4, topics: ['offers' as const], offer_ids: [1] },
      { match_id: 4, topics: ['thresholds' as const], entity: 'threshold_set', entity_id: 2, actor: ana },
      { provider_id: 1, entities: [{ entity: 'market', id: 5, action: 'update' as const, actor: ana }] },
      { revoked_tokens: ['a'.repeat(64)] },
      // A match write without the matches it changed reaches no room.
      { entities: [{ entity: 'match', id: 9, actor: ana }] },
    ]) {
      expect(forward(change).sent).toBe(0);
    }
  });
});
