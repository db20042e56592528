import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, shellHandlers, stubFetch } from '../../testing/fetchStub';
import { renderApp } from '../../testing/renderApp';

const scores = { max_score: 8, increment: 1, max_sub_node: 0, sub_node_increment: 1, sub_nodes: [], max_leaf_node: 0, leaf_node_increment: 1, leaf_nodes: [] };
const PROVIDERS = {
  results: [
    {
      id: 1,
      name: 'Nordic Sportsbook',
      active: true,
      meta: { languages: ['en', 'da', 'fi'] },
      sports: [
        { id: 1, name: 'Football', scores, periods: 2 },
        { id: 4, name: 'Basketball', scores, periods: 4 },
      ],
    },
  ],
};

const CHANNELS = {
  1: { id: 1, name: 'Push notification', code: 'PUSH' },
  2: { id: 2, name: 'Email', code: 'EMAIL' },
  3: { id: 3, name: 'Twitter', code: 'TWITTER' },
  4: { id: 4, name: 'Feed', code: 'FEED' },
  9: { id: 9, name: 'Telegram', code: 'TELEGRAM' },
} as const;

function contact(channelId: keyof typeof CHANNELS, patch: Record<string, unknown> = {}) {
  return {
    id: 7,
    name: 'Danish app users',
    sport_id: 1,
    channel_id: channelId,
    channel: CHANNELS[channelId],
    active: true,
    sub_all: false,
    rate_limited: false,
    email: null,
    twitter: null,
    device_id: null,
    segment: null,
    list_id: null,
    mobile: null,
    raw_filter: null,
    rate_limit_minutes: null,
    limiter: {},
    languages: ['en'],
    leagues: [],
    teams: [],
    ...patch,
  };
}

function serve(saved: ReturnType<typeof contact> | null) {
  return stubFetch({
    ...shellHandlers,
    'GET /api/1/providers': () => json(200, PROVIDERS),
    'GET /api/1/contact/7': () => json(200, saved),
    'GET /api/1/segments/7': () => json(200, { results: [{ id: '5', display_name: 'Opted in' }], total: 1, limit: 1 }),
    'GET /api/1/lists': () =>
      json(200, {
        results: [
          { id: '1', name: 'Newsletter' },
          { id: '4', name: 'Odds boost' },
        ],
        total: 2,
        limit: 2,
      }),
    'POST /api/1/contact': (call) => json(200, { ...contact(1), ...(call.body as object), id: 8 }),
    'POST /api/1/contact/7': (call) => json(200, { ...saved, ...(call.body as object) }),
    'GET /api/1/contacts': () => json(200, { items: [], total: 0, limit: 20 }),
  });
}

const field = (label: string) => screen.queryByLabelText(label) as HTMLInputElement | null;
const DESTINATIONS = ['Email', 'Twitter', 'Device Id', 'Segment', 'List Id'];
const shownDestinations = () => DESTINATIONS.filter((label) => field(label) !== null);

describe('contact form', () => {
  beforeAll(async () => {
    await import('./ContactFormScreen');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it.each([
    [2, ['Email']],
    [3, ['Twitter']],
    [1, ['Device Id', 'Segment', 'List Id']],
    [9, ['Device Id', 'Segment', 'List Id']],
    [4, []],
  ] as const)('channel %i shows the destination fields %j', async (channelId, expected) => {
    serve(contact(channelId, { email: 'ops@example.com', twitter: '@odds', device_id: 'dev-1' }));
    renderApp('/contacts/7/edit');
    await screen.findByLabelText('Name');
    expect(shownDestinations()).toEqual(expected);
  });

  it("is headed 'Edit Contact' with the contact's name, null fields empty and the lists as 'id : name'", async () => {
    serve(contact(1, { segment: '5' }));
    renderApp('/contacts/7/edit');
    // The heading shows 'Edit Contact' at once and gains the name when the contact has loaded.
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Contact Danish app users' })).toBeTruthy();
    expect(field('Name')?.value).toBe('Danish app users');
    expect(field('Device Id')?.value).toBe('');
    expect(field('Segment')?.value).toBe('5');
    expect(field('Raw Filter')?.value).toBe('');
    const lists = await screen.findByRole('list', { name: 'Available lists' });
    await vi.waitFor(() =>
      expect(
        within(lists)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['1 : Newsletter', '4 : Odds boost']),
    );
  });

  it("starts a new contact headed 'Create Contact' with the defaults of the spec", async () => {
    serve(null);
    renderApp('/contacts/edit');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Create Contact');
    expect(shownDestinations()).toEqual(['Device Id', 'Segment', 'List Id']);
    expect((screen.getByLabelText('Contact is active') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Subscribe contact to all matches and leagues') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText('Rate limiter on') as HTMLInputElement).checked).toBe(false);
  });

  it('shows the limiter fields only when rate limited, with two caps per period of the sport', async () => {
    serve(contact(1, { device_id: 'dev-1' }));
    renderApp('/contacts/7/edit');
    await screen.findByLabelText('Name');
    expect(field('Rate Limiter Minutes')).toBeNull();
    fireEvent.click(screen.getByLabelText('Rate limiter on'));
    expect(await screen.findByLabelText('Rate Limiter Minutes')).toBeTruthy();
    expect(field('Max Pushes per Market per Match')).not.toBeNull();
    expect(field('Max Pushes per Match (All Markets)')).not.toBeNull();
    // Football has two periods.
    const periods = screen.getAllByRole('group').filter((g) => /^Period \d$/.test(g.getAttribute('aria-label') ?? ''));
    expect(periods.map((g) => g.getAttribute('aria-label'))).toEqual(['Period 1', 'Period 2']);
    expect(
      within(periods[1]!)
        .getAllByRole('textbox')
        .map((input) => input.id),
    ).toEqual(['contact-market_push_p2', 'contact-period_push_p2']);
    expect(field('Max Pushes per Market in Period 3')).toBeNull();
  });

  it('offers per-period caps up to the periods of the contact sport (basketball: 4)', async () => {
    serve(contact(1, { sport_id: 4, rate_limited: true, rate_limit_minutes: 5, limiter: { market_push_p4: 1, period_push_p3: 2 } }));
    renderApp('/contacts/7/edit');
    expect(((await screen.findByLabelText('Rate Limiter Minutes')) as HTMLInputElement).value).toBe('5');
    expect(field('Max Pushes per Market in Period 4')?.value).toBe('1');
    expect(field('Max Pushes in Period 3 (All Markets)')?.value).toBe('2');
    expect(field('Max Pushes per Market per Match')?.value).toBe('');
  });

  it("sends every limit, per period only for the sport's periods, and the channel's destination only", async () => {
    const { calls } = serve(contact(1, { device_id: 'dev-1', email: 'stale@example.com', rate_limited: true }));
    const { router } = renderApp('/contacts/7/edit');
    fireEvent.change(await screen.findByLabelText('Rate Limiter Minutes'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Max Pushes per Market per Match'), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('Max Pushes in Period 2 (All Markets)'), { target: { value: '2x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/contacts'));
    const body = calls.find((c) => c.method === 'POST')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ rate_limited: true, rate_limit_minutes: 3, device_id: 'dev-1', email: null, languages: ['en'] });
    expect(body.limiter).toEqual({
      max_market_match_push: 4,
      max_match_push: null,
      market_push_p1: null,
      period_push_p1: null,
      market_push_p2: null,
      period_push_p2: 2,
    });
  });

  it("offers only the provider's languages, keeping a saved one it no longer offers visible", async () => {
    serve(contact(2, { email: 'ops@example.com', languages: ['en', 'fr'] }));
    renderApp('/contacts/7/edit');
    await screen.findByLabelText('Name');
    fireEvent.click(document.querySelector('#contact-languages')!.closest('.p-multiselect')!);
    await vi.waitFor(() => expect(document.querySelector('.p-multiselect-panel')).not.toBeNull());
    const panel = document.querySelector<HTMLElement>('.p-multiselect-panel')!;
    const options = [...panel.querySelectorAll('.p-multiselect-item')];
    expect(options.map((o) => o.textContent)).toEqual(['English', 'Danish', 'Finnish', 'French (not offered)']);
  });
});
