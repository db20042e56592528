import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { basketStore, nextRequired } from '../stores/basket';
import { json, stubFetch } from '../testing/fetchStub';
import { BasketDialog } from './BasketDialog';

const item = (id: number, hold = false) => ({ match_content_id: id, match_id: 12, label: `Match result · en · Push · PRE ${id}`, hold });
const record = (id: number, hold: boolean) => ({
  id,
  match_id: 12,
  market: { id: 5, name: 'Match result' },
  market_type: null,
  channel: { id: 1, name: 'Push notification', code: 'PUSH' },
  ruleset: null,
  language: { code: 'en' },
  node_id: 'PRE',
  sub_node: null,
  leaf_node: null,
  link_target: null,
  timed: false,
  contact_id: null,
  period: null,
  meta: { before: null },
  hold,
  content: { title: [{ content: 'Hi' }], content: [], cta: [], image: [] },
});

function serve() {
  return stubFetch({
    'PUT /api/1/basket': (call) => json(200, call.body),
    'GET /api/1/match/12/content': () => json(200, { results: [record(1, false), record(2, false)], total: 2, limit: 2 }),
    'POST /api/1/match/12/content': (call) => json(200, { ...record(1, false), ...(call.body as object), market: { id: 5, name: 'Match result' } }),
  });
}

const show = () =>
  render(
    <MemoryRouter>
      <BasketDialog visible onHide={() => undefined} />
    </MemoryRouter>,
  );
const required = () => (screen.getByLabelText('Required to trigger') as HTMLInputElement).value;

describe('basket rules', () => {
  beforeEach(() => {
    basketStore.items = [];
    basketStore.required = 0;
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the empty message', () => {
    show();
    expect(screen.getByText('Add content items from different matches (see the Preview tab)')).toBeTruthy();
    expect(screen.getByRole('dialog').textContent).toContain('Selected Content');
  });

  it("'Required to trigger' follows the count at its default and is capped by it", () => {
    expect(nextRequired(0, 0, 1)).toBe(1);
    expect(nextRequired(1, 1, 2)).toBe(2);
    expect(nextRequired(1, 3, 4)).toBe(1);
    expect(nextRequired(3, 3, 2)).toBe(2);
    expect(nextRequired(1, 3, 0)).toBe(0);
  });

  it('removes an item, saving the basket with required capped', async () => {
    const { calls } = serve();
    basketStore.items = [item(1), item(2), item(3)];
    basketStore.required = 3;
    show();
    expect(required()).toBe('3');
    fireEvent.click(screen.getByRole('button', { name: 'Remove content 2' }));
    await waitFor(() => expect(required()).toBe('2'));
    expect(screen.queryByRole('button', { name: 'Remove content 2' })).toBeNull();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ items: [item(1), item(3)], required: 2 });
  });

  it('Save sends the required number, never above the item count', async () => {
    const { calls } = serve();
    basketStore.items = [item(1), item(2)];
    basketStore.required = 2;
    show();
    const input = screen.getByLabelText('Required to trigger');
    fireEvent.input(input, { target: { value: '9' } });
    fireEvent.blur(input);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ required: 2 });
    fireEvent.input(input, { target: { value: '1' } });
    fireEvent.blur(input);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toMatchObject({ required: 1 });
  });

  it('Hold/Send flips the match content hold flag through the match content save', async () => {
    const { calls } = serve();
    basketStore.items = [item(1), item(2)];
    basketStore.required = 2;
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Send content 1' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Hold content 1' })).toBeTruthy());
    const save = calls.find((c) => c.method === 'POST');
    expect(save?.body).toMatchObject({ id: 1, hold: true, market_id: 5, channel_id: 1, language: 'en', node_id: 'PRE' });
    expect(basketStore.items[0]?.hold).toBe(true);
  });
});
