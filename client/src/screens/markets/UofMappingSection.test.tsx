import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorReply, json, shellHandlers, stubFetch } from '../../testing/fetchStub';
import { renderApp } from '../../testing/renderApp';

type Mapping = { uof_market_id: number; type_id: number; line_specifier: string | null; name: string; outcomes: { id: string; key: string }[] };

const TYPES = [
  { id: 1, name: 'Match Result', outcomes: ['home', 'draw', 'away'], evaluator: null },
  { id: 2, name: 'Over/Under', outcomes: ['over', 'under'], evaluator: null },
  { id: 30, name: 'Exact Goals', outcomes: ['0', '1', '2', '3', '4', '5+'], evaluator: null },
];

const UNAVAILABLE = {
  available: false,
  reason: 'Vendor market names are unavailable: the UOF API (UOF_API_URL) is not configured. Map markets by their UOF ids.',
  results: [],
};
const DESCRIPTIONS = {
  available: true,
  reason: null,
  results: [
    {
      id: 18,
      name: 'Total',
      groups: ['all', 'score', 'regular_play'],
      specifiers: [{ name: 'total', type: 'decimal' }],
      outcomes: [
        { id: '13', name: 'under {total}' },
        { id: '12', name: 'over {total}' },
      ],
      variants: [],
    },
    {
      id: 21,
      name: 'Exact goals',
      groups: ['all', 'score', 'regular_play'],
      specifiers: [{ name: 'variant', type: 'variable_text' }],
      outcomes: [],
      variants: ['sr:exact_goals:5+', 'sr:exact_goals:6+'],
    },
  ],
};
const EXACT_GOALS_5 = ['0', '1', '2', '3', '4', '5+'].map((name, i) => ({ id: `sr:exact_goals:5+:${1336 + i}`, name }));

/** A server holding the mapping: PUT adds or changes (refusing an unknown market type as the server does), DELETE removes. */
function serve(descriptions: object = UNAVAILABLE) {
  let rows: Mapping[] = [
    {
      uof_market_id: 1,
      type_id: 1,
      line_specifier: null,
      name: '1x2',
      outcomes: [
        { id: '1', key: 'home' },
        { id: '2', key: 'draw' },
        { id: '3', key: 'away' },
      ],
    },
    {
      uof_market_id: 18,
      type_id: 2,
      line_specifier: 'total',
      name: 'Total',
      outcomes: [
        { id: '12', key: 'over' },
        { id: '13', key: 'under' },
      ],
    },
  ];
  const stub = stubFetch({
    ...shellHandlers,
    'GET /api/1/1/1/markets': () => json(200, { results: [], total: 0, limit: 20 }),
    'GET /api/1/core/1/marketypes': () => json(200, { results: TYPES, total: 2, limit: 100 }),
    'GET /api/1/uof/market-map': () => json(200, { results: rows }),
    'GET /api/1/uof/market-descriptions': () => json(200, descriptions),
    'GET /api/1/uof/market-descriptions/21/variant': (call) =>
      call.url.searchParams.get('variant') === 'sr:exact_goals:5+'
        ? json(200, { available: true, reason: null, market_id: 21, variant: 'sr:exact_goals:5+', outcomes: EXACT_GOALS_5 })
        : errorReply(404, 'UOF variant not found', 'Not Found'),
    'PUT /api/1/uof/market-map/21': (call) => {
      const body = call.body as Omit<Mapping, 'uof_market_id'>;
      rows = [...rows.filter((r) => r.uof_market_id !== 21), { uof_market_id: 21, ...body }];
      return json(200, { uof_market_id: 21, ...body });
    },
    'PUT /api/1/uof/market-map/68': (call) => {
      const body = call.body as Omit<Mapping, 'uof_market_id'>;
      if (body.type_id === 1)
        return errorReply(400, "'over' is not an outcome of market type 1 (Match Result); its outcomes are home, draw, away.", 'Bad Request');
      rows = [...rows.filter((r) => r.uof_market_id !== 68), { uof_market_id: 68, ...body }];
      return json(200, { uof_market_id: 68, ...body });
    },
    'PUT /api/1/uof/market-map/18': (call) => {
      rows = rows.map((r) => (r.uof_market_id === 18 ? { uof_market_id: 18, ...(call.body as Omit<Mapping, 'uof_market_id'>) } : r));
      return json(
        200,
        rows.find((r) => r.uof_market_id === 18),
      );
    },
    'DELETE /api/1/uof/market-map/1': () => {
      const [gone] = rows.filter((r) => r.uof_market_id === 1);
      rows = rows.filter((r) => r.uof_market_id !== 1);
      return json(200, gone);
    },
  });
  return stub;
}

const table = () => screen.getByRole('table', { name: 'UOF market mapping' });
const rowTexts = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((r) => [...r.querySelectorAll('td')].slice(0, 5).map((td) => td.textContent));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the UOF market mapping on the Markets screen', () => {
  beforeAll(async () => {
    await import('./MarketsScreen');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the mapping with market type names and outcome ids, saying why vendor names are unavailable', async () => {
    serve();
    renderApp('/markets');
    await screen.findByRole('cell', { name: 'Total' });
    await screen.findByRole('cell', { name: 'Over/Under' });
    expect(rowTexts()).toEqual([
      ['1', '1x2', 'Match Result', '—', '1 → home, 2 → draw, 3 → away'],
      ['18', 'Total', 'Over/Under', 'total', '12 → over, 13 → under'],
    ]);
    expect((await screen.findByRole('status')).textContent).toBe(UNAVAILABLE.reason);
  });

  it("offers the vendor's market and outcome names: the name filled in, each outcome id named", async () => {
    serve(DESCRIPTIONS);
    renderApp('/markets');
    await screen.findByRole('cell', { name: 'Over/Under' });
    await vi.waitFor(() => expect(rowTexts()[1]![4]).toBe('12 (over {total}) → over, 13 (under {total}) → under'));
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add mapping' }));
    const form = await screen.findByRole('form', { name: 'New mapping' });
    const vendorMarkets = [...form.querySelectorAll('#uof-vendor-markets option')].map((o) => [(o as HTMLOptionElement).value, o.textContent]);
    expect(vendorMarkets).toEqual([
      ['18', 'Total'],
      ['21', 'Exact goals'],
    ]);
    type('UOF market id', '18');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Total');
    expect(screen.getByText('Vendor: Total (groups all, score, regular_play)')).toBeTruthy();
    type('Market type', '2');
    await screen.findByLabelText('over');
    type('over', '12');
    expect(screen.getByText('over {total}', { selector: 'small' })).toBeTruthy();
    type('UOF market id', '99');
    expect(screen.getByText("Not in the vendor's market descriptions.")).toBeTruthy();
    // A name stays when the id leaves the vendor's markets (the vendor may lack a market that is mapped).
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Total');
  });

  it('maps a variant market: its variants offered, the outcomes of the one chosen named, saved by outcome id', async () => {
    const { calls } = serve(DESCRIPTIONS);
    renderApp('/markets');
    await screen.findByRole('cell', { name: 'Over/Under' });
    fireEvent.click(screen.getByRole('button', { name: 'Add mapping' }));
    await screen.findByRole('form', { name: 'New mapping' });
    type('UOF market id', '21');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Exact goals');
    const variants = [...(screen.getByLabelText('Variant') as HTMLSelectElement).options].map((o) => o.value);
    expect(variants).toEqual(['', 'sr:exact_goals:5+', 'sr:exact_goals:6+']);
    type('Variant', 'sr:exact_goals:5+');
    type('Market type', '30');
    await screen.findByLabelText('5+');
    await vi.waitFor(() => expect(document.querySelectorAll('#uof-vendor-outcomes option')).toHaveLength(6));
    for (const [i, o] of EXACT_GOALS_5.entries()) type(TYPES[2]!.outcomes[i]!, o.id);
    expect(screen.getByText('5+', { selector: 'small' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save mapping' }));
    await screen.findByRole('cell', { name: 'Exact goals' });
    expect(calls.find((c) => c.method === 'PUT' && c.url.pathname.endsWith('/21'))!.body).toEqual({
      type_id: 30,
      line_specifier: null,
      name: 'Exact goals',
      outcomes: EXACT_GOALS_5.map((o, i) => ({ key: TYPES[2]!.outcomes[i], id: o.id })),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Edit mapping of UOF market 21' }));
    await screen.findByRole('form', { name: 'Edit mapping of UOF market 21' });
    expect((screen.getByLabelText('Variant') as HTMLSelectElement).value).toBe('sr:exact_goals:5+');
  });

  it("adds a mapping (outcome ids per outcome key of the chosen type), showing the server's refusal in the form", async () => {
    const { calls } = serve();
    renderApp('/markets');
    await screen.findByRole('cell', { name: 'Over/Under' });
    fireEvent.click(screen.getByRole('button', { name: 'Add mapping' }));
    await screen.findByRole('form', { name: 'New mapping' });
    type('UOF market id', '68');
    type('Market type', '1');
    await screen.findByLabelText('home');
    type('home', '1');
    fireEvent.click(screen.getByRole('button', { name: 'Save mapping' }));
    const form = screen.getByRole('form', { name: 'New mapping' });
    // Checked before sending, in the form beside the fields.
    expect((await within(form).findByRole('alert')).textContent).toBe('Give the mapping a name.');
    type('Name', '1st half - total');
    fireEvent.click(screen.getByRole('button', { name: 'Save mapping' }));
    // Refused by the server: its message in the form (the shell's error list shows it too).
    await vi.waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toBe("'over' is not an outcome of market type 1 (Match Result); its outcomes are home, draw, away."),
    );
    type('Market type', '2');
    await screen.findByLabelText('over');
    type('over', '12');
    type('under', '13');
    type('Line specifier', 'total');
    fireEvent.click(screen.getByRole('button', { name: 'Save mapping' }));
    await screen.findByRole('cell', { name: '1st half - total' });
    expect(screen.queryByRole('form')).toBeNull();
    const put = calls.filter((c) => c.method === 'PUT').at(-1)!;
    expect(put.body).toEqual({
      type_id: 2,
      line_specifier: 'total',
      name: '1st half - total',
      outcomes: [
        { key: 'over', id: '12' },
        { key: 'under', id: '13' },
      ],
    });
  });

  it('edits a row in the same form (its id fixed), and deletes one after asking', async () => {
    const { calls } = serve();
    const confirm = vi.fn().mockReturnValue(true);
    vi.stubGlobal('confirm', confirm);
    renderApp('/markets');
    await screen.findByRole('cell', { name: 'Over/Under' });
    fireEvent.click(screen.getByRole('button', { name: 'Edit mapping of UOF market 18' }));
    await screen.findByRole('form', { name: 'Edit mapping of UOF market 18' });
    expect((screen.getByLabelText('UOF market id') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('over') as HTMLInputElement).value).toBe('12');
    type('Name', 'Total goals');
    fireEvent.click(screen.getByRole('button', { name: 'Save mapping' }));
    await screen.findByRole('cell', { name: 'Total goals' });
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      type_id: 2,
      name: 'Total goals',
      outcomes: [
        { key: 'over', id: '12' },
        { key: 'under', id: '13' },
      ],
    });

    fireEvent.click(screen.getByRole('button', { name: 'Delete mapping of UOF market 1' }));
    expect(confirm).toHaveBeenCalledWith('Remove the mapping of UOF market 1 (1x2)? Its messages will count as unknown markets.');
    await screen.findByRole('cell', { name: 'Total goals' });
    await vi.waitFor(() => expect(rowTexts().map((r) => r[0])).toEqual(['18']));
  });
});
