import type { MatchContent } from '@odds/protocol';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, shellHandlers, stubFetch } from '../../../testing/fetchStub';
import { renderApp } from '../../../testing/renderApp';

/** 0, 2 and 4 goals a side: the grid can be read whole. */
const scores = { max_score: 4, increment: 2, max_sub_node: 0, sub_node_increment: 1, sub_nodes: [], max_leaf_node: 0, leaf_node_increment: 1, leaf_nodes: [] };
const PROVIDERS = {
  results: [{ id: 1, name: 'Nordic Odds', active: true, meta: { languages: ['en'] }, sports: [{ id: 1, name: 'Football', scores, periods: 2 }] }],
};
const MARKETS = { results: [{ id: 5, name: 'Match result', line: null, type: { id: 1, outcomes: ['home', 'draw', 'away'] }, meta: {}, has_content: true }] };
const used = (node: string, channelId: number) =>
  ({
    id: node.length + channelId,
    market: { id: 5, name: 'Match result' },
    channel: { id: channelId, name: 'Push notification', code: 'PUSH' },
    node_id: node,
  }) as unknown as MatchContent;

async function scoreOptions(): Promise<string[]> {
  fireEvent.click(document.querySelector('#draft-node')!.closest('.p-dropdown')!);
  await vi.waitFor(() => expect(document.querySelector('.p-dropdown-panel')).not.toBeNull());
  const options = [...document.querySelectorAll('.p-dropdown-panel .p-dropdown-item')].map((o) => o.textContent ?? '');
  fireEvent.keyDown(document.querySelector('#draft-node')!, { key: 'Escape', code: 'Escape' });
  return options;
}

describe('match content draft', () => {
  beforeAll(async () => {
    await import('./MatchDraftScreen');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("offers PRE, INPLAY and the sport's Hx-Ay scores, less those the market and channel already use", async () => {
    stubFetch({
      ...shellHandlers,
      'GET /api/1/providers': () => json(200, PROVIDERS),
      'GET /api/1/match/12': () => json(404, { statusCode: 404, message: 'Match 12 not found' }),
      'GET /api/1/match/12/markets': () => json(200, MARKETS),
      'GET /api/1/match/12/content': () => json(200, { results: [used('PRE', 1), used('H2-A0', 1), used('H4-A4', 2)], total: 3, limit: 100 }),
    });
    renderApp('/cms/match/12/edit');
    await screen.findByRole('heading', { name: 'Match 12 content draft' });
    // No market chosen yet: nothing of market 5 is taken.
    await vi.waitFor(async () => expect(await scoreOptions()).toContain('H4-A4'));
    fireEvent.click(document.querySelector('#draft-market')!.closest('.p-dropdown')!);
    const marketItem = () => [...document.querySelectorAll<HTMLElement>('.p-dropdown-panel .p-dropdown-item')].find((o) => o.textContent === 'Match result');
    await vi.waitFor(() => expect(marketItem()).toBeTruthy());
    fireEvent.click(marketItem()!);
    await vi.waitFor(async () => expect(await scoreOptions()).not.toContain('PRE'));
    const options = await scoreOptions();
    expect(options.slice(0, 1)).toEqual(['INPLAY']);
    expect(options).toContain('H0-A0');
    expect(options).toContain('H4-A4');
    expect(options).not.toContain('H2-A0');
    // The taken PRE gave way to the first free score.
    expect(document.querySelector('#draft-node')!.closest('.p-dropdown')!.textContent).toContain('INPLAY');
  });
});
