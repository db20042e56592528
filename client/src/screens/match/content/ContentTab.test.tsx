import type { MatchContent, MatchMarket, ScoresDefinition } from '@odds/protocol';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { contextStore } from '../../../stores/context';
import { clearErrors } from '../../../feedback/errors';
import { json, stubFetch, type StubCall } from '../../../testing/fetchStub';
import type { MatchPage } from '../../../live/matchPage';
import ContentTab from './ContentTab';

const none = { max_sub_node: 0, sub_node_increment: 1, sub_nodes: [], max_leaf_node: 0, leaf_node_increment: 1, leaf_nodes: [] };
/** A small grid: 0, 2 and 4 a side, so the options can be read whole. */
const FOOTBALL: ScoresDefinition = { max_score: 4, increment: 2, ...none };
const TENNIS: ScoresDefinition = {
  max_score: 3,
  increment: 1,
  max_sub_node: 7,
  sub_node_increment: 1,
  sub_nodes: ['S1', 'S2', 'S3'],
  max_leaf_node: 4,
  leaf_node_increment: 1,
  leaf_nodes: ['0', '15', '30', '40', 'AD'],
};
const MARKETS = [
  { id: 5, name: 'Match result', line: null, type: { id: 1, outcomes: ['home', 'draw', 'away'] }, has_content: true },
  { id: 6, name: 'Total goals 2.5', line: 2500, type: { id: 2, outcomes: ['over', 'under'] }, has_content: false },
] as unknown as MatchMarket[];
const CHANNEL = { 1: { id: 1, name: 'Push notification', code: 'PUSH' }, 2: { id: 2, name: 'Email', code: 'EMAIL' } } as const;

const record = (id: number, node: string, marketId: number, channelId: 1 | 2): MatchContent => ({
  id,
  match_id: 12,
  market: { id: marketId, name: MARKETS.find((m) => m.id === marketId)!.name },
  market_type: null,
  channel: CHANNEL[channelId],
  ruleset: null,
  language: { code: 'en' },
  node_id: node,
  sub_node: null,
  leaf_node: null,
  link_target: null,
  timed: false,
  contact_id: null,
  period: null,
  meta: { before: null },
  hold: false,
  content: { title: [{ id: id * 10, content: `Saved ${id}` }], content: [], cta: [], image: [] },
});

/** The content service of match 12: its records (a save adds one) and what the side panel lists. */
function serve(items: object[] = []) {
  const records = [record(1, 'H2-A0', 5, 1), record(2, 'H0-A0', 5, 2), record(3, 'PRE', 6, 1)];
  const stub = stubFetch({
    'GET /api/1/match/12/content': () => json(200, { results: records, total: records.length, limit: 100 }),
    'POST /api/1/match/12/content': (call) => {
      const body = call.body as { market_id: number; channel_id: 1 | 2; node_id: string };
      const saved = { ...record(records.length + 1, body.node_id, body.market_id ?? 5, body.channel_id), ...(call.body as object) } as MatchContent;
      records.push(saved);
      return json(200, saved);
    },
    'GET /api/1/contacts': () => json(200, { items: [{ id: 7, name: 'Danish app users', channel: CHANNEL[1] }], total: 1, limit: 1000 }),
    'GET /api/1/content/categories': () => json(200, { results: [], total: 0, limit: 100 }),
    'GET /api/1/groups': () => json(200, { results: [], total: 0, limit: 1000 }),
    'GET /api/1/contents': () => json(200, { results: items, total: items.length, limit: 50 }),
  });
  return { ...stub, records };
}

/** The Content tab inside a match layout that gives it match 12 and its markets, as MatchLayout does. */
function renderTab(scores: ScoresDefinition, path = '/match/12/content') {
  clearErrors();
  contextStore.providerId = 1;
  contextStore.sportId = 1;
  contextStore.providers = [
    { id: 1, name: 'Nordic Odds', active: true, meta: { languages: ['en', 'da'] }, sports: [{ id: 1, name: 'Football', scores, periods: 2 }] },
  ] as never;
  const page: MatchPage = { matchId: 12, match: null, markets: MARKETS, marketId: null, setMarket: () => undefined, live: null };
  const router = createMemoryRouter(
    [{ path: '/match/:matchId', element: <Outlet context={page} />, children: [{ path: 'content/*', element: <ContentTab /> }] }],
    {
      initialEntries: [path],
    },
  );
  return { router, ...render(<RouterProvider router={router} />) };
}

const dropdown = (id: string) => document.getElementById(id)!.closest('.p-dropdown')! as HTMLElement;
const dropdownText = (id: string) => dropdown(id).querySelector('.p-dropdown-label')!.textContent;
/** Opens a dropdown and reads its options; Escape closes it again. */
async function optionsOf(id: string): Promise<string[]> {
  fireEvent.click(dropdown(id));
  await vi.waitFor(() => expect(document.querySelector('.p-dropdown-panel')).not.toBeNull());
  const texts = [...document.querySelectorAll('.p-dropdown-panel .p-dropdown-item')].map((el) => el.textContent ?? '');
  fireEvent.click(dropdown(id));
  await vi.waitFor(() => expect(document.querySelector('.p-dropdown-panel')).toBeNull());
  return texts;
}
async function choose(id: string, option: string) {
  fireEvent.click(dropdown(id));
  await vi.waitFor(() => expect(document.querySelector('.p-dropdown-panel')).not.toBeNull());
  const item = [...document.querySelectorAll<HTMLElement>('.p-dropdown-panel .p-dropdown-item')].find((el) => el.textContent === option);
  if (!item) throw new Error(`no option ${option} in #${id}`);
  fireEvent.click(item);
  await vi.waitFor(() => expect(dropdownText(id)).toBe(option));
  await vi.waitFor(() => expect(document.querySelector('.p-dropdown-panel')).toBeNull());
}
/** Types digits into a PrimeReact InputNumber as a keyboard would. */
function typeNumber(id: string, digits: string) {
  const input = document.getElementById(id) as HTMLInputElement;
  fireEvent.focus(input);
  for (const key of digits) fireEvent.keyDown(input, { key, code: `Digit${key}` });
  fireEvent.blur(input);
}
const write = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const saveBodies = (calls: StubCall[]) => calls.filter((c) => c.method === 'POST').map((c) => c.body as Record<string, unknown>);
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
const previewCount = () => screen.getByRole('link', { name: /^Preview \(/ }).textContent;

describe('match content form', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('offers PRE, INPLAY and Hx-Ay from max_score and increment, less scores used for the same market and channel', async () => {
    serve();
    renderTab(FOOTBALL);
    await vi.waitFor(() => expect(previewCount()).toBe('Preview (3)'));
    const grid = ['H0-A0', 'H0-A2', 'H0-A4', 'H2-A0', 'H2-A2', 'H2-A4', 'H4-A0', 'H4-A2', 'H4-A4'];
    // No market chosen: no record is for 'any market' on push, so every score is free.
    expect(await optionsOf('content-score')).toEqual(['PRE', 'INPLAY', ...grid]);
    await choose('content-market', 'Match result');
    expect(await optionsOf('content-score')).toEqual(['PRE', 'INPLAY', ...grid.filter((s) => s !== 'H2-A0')]);
    await choose('content-channel', 'Email');
    expect(await optionsOf('content-score')).toEqual(['PRE', 'INPLAY', ...grid.filter((s) => s !== 'H0-A0')]);
    // PRE is taken on push for the totals market: the new record's score moves to the first free one.
    expect(dropdownText('content-score')).toBe('PRE');
    await choose('content-market', 'Total goals 2.5');
    await choose('content-channel', 'Push notification');
    expect(await optionsOf('content-score')).toEqual(['INPLAY', ...grid]);
    expect(dropdownText('content-score')).toBe('INPLAY');
  });

  it('shows sub and leaf node selectors only where the sport defines them', async () => {
    serve();
    renderTab(FOOTBALL);
    await screen.findByLabelText('Macros');
    expect(screen.queryByLabelText('Sub node')).toBeNull();
    expect(screen.queryByLabelText('Leaf node')).toBeNull();
    cleanup();

    const { calls } = serve();
    renderTab(TENNIS);
    await screen.findByLabelText('Macros');
    expect(await optionsOf('content-sub-node')).toEqual(['S1', 'S2', 'S3']);
    expect(await optionsOf('content-leaf-node')).toEqual(['0', '15', '30', '40', 'AD']);
    expect((await optionsOf('content-score')).length).toBe(2 + 16);
    await choose('content-sub-node', 'S2');
    await choose('content-leaf-node', 'AD');
    write('Title', 'Deuce in set two');
    save();
    await vi.waitFor(() => expect(saveBodies(calls)).toHaveLength(1));
    expect(saveBodies(calls)[0]).toMatchObject({ sub_node: 'S2', leaf_node: 'AD', node_id: 'PRE' });
  });

  it('offers periods 1 to 4', async () => {
    const { calls } = serve();
    renderTab(FOOTBALL);
    await screen.findByLabelText('Macros');
    expect(await optionsOf('content-period')).toEqual(['1', '2', '3', '4']);
    await choose('content-period', '3');
    write('Title', 'Third period push');
    save();
    await vi.waitFor(() => expect(saveBodies(calls)).toHaveLength(1));
    expect(saveBodies(calls)[0]).toMatchObject({ period: 3 });
  });

  it('needs minutes and a contact for timed content', async () => {
    const { calls } = serve();
    renderTab(FOOTBALL);
    await screen.findByLabelText('Macros');
    expect(screen.queryByLabelText('Minutes before')).toBeNull();
    fireEvent.click(screen.getByLabelText('Timed'));
    write('Title', 'Kick-off soon');
    save();
    expect(screen.getByRole('alert').textContent).toBe('Timed content needs a timing in minutes.');
    typeNumber('content-before', '30');
    await vi.waitFor(() => expect((document.getElementById('content-before') as HTMLInputElement).value).toBe('30'));
    save();
    expect(screen.getByRole('alert').textContent).toBe('Timed content needs a contact.');
    expect(saveBodies(calls)).toHaveLength(0);
    await choose('content-contact', 'Danish app users');
    save();
    await vi.waitFor(() => expect(saveBodies(calls)).toHaveLength(1));
    expect(saveBodies(calls)[0]).toMatchObject({ timed: true, contact_id: 7, meta: { before: 30 } });
  });

  it('takes macros as key1=replace-value,key2=replace-value, with a clear message otherwise', async () => {
    const { calls, router } = { ...serve(), ...renderTab(FOOTBALL) };
    await screen.findByLabelText('Macros');
    expect(screen.getByText('key1=replace-value,key2=replace-value')).toBeTruthy();
    write('Title', 'Go {{team}}, {{odds}} now');
    write('Macros', 'team Ajax');
    save();
    expect(screen.getByRole('alert').textContent).toBe('Macros must read key1=replace-value,key2=replace-value.');
    write('Macros', 'team=Ajax;odds=2.5');
    save();
    expect(screen.getByRole('alert').textContent).toBe('Macros must read key1=replace-value,key2=replace-value.');
    expect(saveBodies(calls)).toHaveLength(0);
    write('Macros', 'team=Ajax,odds=2.5');
    save();
    await vi.waitFor(() => expect(saveBodies(calls)).toHaveLength(1));
    expect(saveBodies(calls)[0]).toMatchObject({ content: { title: [{ content: 'Go Ajax, 2.5 now' }] } });
    // Saved: the preview lists it, one more than before.
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/match/12/content/preview'));
    await vi.waitFor(() => expect(previewCount()).toBe('Preview (4)'));
    expect(await screen.findByText('Go Ajax, 2.5 now')).toBeTruthy();
  });

  it('lists archived content items struck through, as the CMS does, and offers only the others for use', async () => {
    const item = (id: number, content: string, archived_at: string | null) => ({ id, content, content_type: 'title', side_context: 'none', archived_at });
    serve([item(31, 'Kick-off soon', null), item(32, 'Russia 2018 kicks off soon', '2018-07-16T09:00:00.000Z')]);
    renderTab(FOOTBALL);
    const archived = await screen.findByText('Russia 2018 kicks off soon');
    expect(archived.tagName).toBe('S');
    expect(archived.closest('li')!.textContent).toContain('Archived');
    expect(screen.queryByRole('button', { name: 'Use content item 32' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Use content item 31' }));
    expect((screen.getByLabelText('Title') as HTMLTextAreaElement).value).toBe('Kick-off soon');
  });
});
