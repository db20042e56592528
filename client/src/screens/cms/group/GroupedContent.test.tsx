import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, shellHandlers, stubFetch } from '../../../testing/fetchStub';
import { renderApp } from '../../../testing/renderApp';

const PROVIDERS = { results: [{ id: 1, name: 'Nordic Sportsbook', active: true, sports: [], meta: { languages: ['en', 'da'] } }] };
const market = (id: number, name: string, thresholds: Record<string, number>, outcomes: string[]) => ({
  id,
  name,
  line: null,
  type: { id, outcomes },
  meta: { thresholds },
  helper_args: { dynamic_line: false },
  outcome_mapping: {},
});
const MARKETS = [
  market(1, 'Match Result', { home: 2500, draw: 3400, away: 3000, home_min: 1200 }, ['home', 'draw', 'away']),
  market(3, 'Over/Under 2.5', { over: 1900, under: 1950 }, ['over', 'under']),
];
const item = (id: number, language: string, content: string) => ({
  id,
  content,
  content_type: 'cta',
  language,
  channel_id: 2,
  side_context: 'none',
  image: null,
  link_target: 'under',
  categories: [{ id: 4, name: 'Promo' }],
  markets: [{ id: 3, name: 'Over/Under 2.5' }],
  market_types: [],
  provider_lock: true,
  auto_build: false,
  deliver: true,
  group: { id: 5, name: 'Kick-off' },
  archived_at: null,
  provider: 1,
});

function serve() {
  return stubFetch({
    ...shellHandlers,
    'GET /api/1/providers': () => json(200, PROVIDERS),
    'GET /api/1/content/categories': () => json(200, { results: [{ id: 4, name: 'Promo' }], total: 1, limit: 1 }),
    'GET /api/1/1/1/markets': () => json(200, { results: MARKETS, total: 2, limit: 1000 }),
    'GET /api/1/core/1/marketypes': () => json(200, { results: [], total: 0, limit: 1 }),
    'GET /api/1/1/1/group/5': () => json(200, { id: 5, name: 'Kick-off', items: [item(11, 'en', 'Bet on it'), item(12, 'da', 'Spil nu')] }),
    'POST /api/1/groups': (call) => json(200, { id: 6, name: null, items: [], body: call.body }),
    'POST /api/1/groups/5': () => json(200, { id: 5, name: 'Kick-off', items: [] }),
    'GET /api/1/contents': () => json(200, { results: [], total: 0, limit: 20 }),
    'GET /api/1/groups': () => json(200, { results: [], total: 0, limit: 20 }),
  });
}

const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
const dropdownText = (id: string) => document.getElementById(id)!.closest('.p-dropdown')!.querySelector('.p-dropdown-label')!.textContent;

async function choose(id: string, option: string) {
  fireEvent.click(document.getElementById(id)!.closest('.p-dropdown, .p-multiselect')!);
  await vi.waitFor(() => expect(document.querySelector('.p-dropdown-panel, .p-multiselect-panel')).not.toBeNull());
  const items = [...document.querySelectorAll<HTMLElement>('.p-dropdown-item, .p-multiselect-item')];
  fireEvent.click(items.find((el) => el.textContent === option)!);
}

describe('grouped content form', () => {
  beforeAll(async () => {
    await import('./GroupedContentScreen');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("has one 10-row text area per provider language, 'Content - {language}', and no others", async () => {
    serve();
    renderApp('/cms/create/group');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Grouped Content');
    const areas = await screen.findAllByRole('textbox', { name: /^Content - / });
    expect(areas.map((a) => a.getAttribute('aria-label') ?? document.querySelector(`label[for="${a.id}"]`)?.textContent)).toEqual([
      'Content - English',
      'Content - Danish',
    ]);
    expect(areas.every((a) => a.getAttribute('rows') === '10')).toBe(true);
    expect(screen.queryByLabelText('Content - Swedish')).toBeNull();
  });

  it('shows Link Target only for cta and content, with the keys of the first selected market', async () => {
    serve();
    renderApp('/cms/create/group');
    await screen.findByLabelText('Content - English');
    expect(document.getElementById('group-link-target')).toBeNull();
    await choose('group-type', 'cta');
    await vi.waitFor(() => expect(document.getElementById('group-link-target')).not.toBeNull());
    await choose('group-markets', 'Over/Under 2.5');
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await choose('group-link-target', 'under');
    await vi.waitFor(() => expect(dropdownText('group-link-target')).toBe('under'));
    // Panels of earlier dropdowns may still be closing: the link target's is the last one opened.
    const panel = [...document.querySelectorAll('.p-dropdown-panel')].at(-1)!;
    const offered = [...panel.querySelectorAll('.p-dropdown-item')].map((el) => el.textContent);
    expect(offered).toEqual(['over', 'under']);
  });

  it('fills the form from the first item and every language from its item when editing', async () => {
    serve();
    renderApp('/cms/group/5/');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Edit Grouped Content');
    await vi.waitFor(() => expect(value('Content - Danish')).toBe('Spil nu'));
    expect(value('Content - English')).toBe('Bet on it');
    expect(value('Group Name')).toBe('Kick-off');
    expect(dropdownText('group-type')).toBe('cta');
    expect(dropdownText('group-channel')).toBe('Email');
    expect(dropdownText('group-link-target')).toBe('under');
  });

  it('creates the group with a text per provider language, then goes to /cms', async () => {
    const { calls } = serve();
    const { router } = renderApp('/cms/create/group');
    fireEvent.change(await screen.findByLabelText('Content - English'), { target: { value: 'Kick-off soon' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/cms'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: null,
      content_type: 'title',
      channel_id: 1,
      content: { en: 'Kick-off soon', da: '' },
      market_ids: [],
      link_target: null,
      categories: [],
    });
  });
});

describe('a group another operator saved meanwhile', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sends the version it loaded; on 409 "Overwrite with mine" sends my group against their version', async () => {
    const theirs = { id: 5, version: 3, name: 'Renamed by Ana', items: [item(11, 'en', 'Bet on it'), item(12, 'da', 'Spil nu')] };
    const posts: { version?: number; name: string | null }[] = [];
    stubFetch({
      ...shellHandlers,
      'GET /api/1/providers': () => json(200, PROVIDERS),
      'GET /api/1/content/categories': () => json(200, { results: [{ id: 4, name: 'Promo' }], total: 1, limit: 1 }),
      'GET /api/1/1/1/markets': () => json(200, { results: MARKETS, total: 2, limit: 1000 }),
      'GET /api/1/core/1/marketypes': () => json(200, { results: [], total: 0, limit: 1 }),
      'GET /api/1/1/1/group/5': () => json(200, { ...theirs, version: 2, name: 'Kick-off' }),
      'POST /api/1/groups/5': (call) => {
        const body = call.body as (typeof posts)[number];
        posts.push(body);
        if (body.version !== 3) {
          return json(409, {
            statusCode: 409,
            code: 'CONFLICT',
            error: 'Conflict',
            message: 'Content group 5 was changed',
            entity: 'content_group',
            current: theirs,
            changed_by: { id: 2, name: 'Ana' },
            changed_at: '2026-11-24T10:02:00Z',
          });
        }
        return json(200, { ...theirs, version: 4, name: body.name });
      },
      'GET /api/1/contents': () => json(200, { results: [], total: 0, limit: 20 }),
      'GET /api/1/groups': () => json(200, { results: [], total: 0, limit: 20 }),
    });
    const { router } = renderApp('/cms/group/5');
    await vi.waitFor(() => expect(value('Group Name')).toBe('Kick-off'));
    fireEvent.change(screen.getByLabelText('Group Name'), { target: { value: 'Mine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('This group was changed by Ana')).toBeTruthy();
    const row = within(dialog).getByRole('rowheader', { name: 'name' }).closest('tr')!;
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['Renamed by Ana', 'Mine (differs)']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Overwrite with mine' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/cms'));
    expect(posts.map((p) => [p.version, p.name])).toEqual([
      [2, 'Mine'],
      [3, 'Mine'],
    ]);
  });
});
