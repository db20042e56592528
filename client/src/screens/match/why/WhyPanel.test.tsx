import type { Delivery, MatchThresholdSet, Offer } from '@odds/protocol';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { WhyData } from './useWhy';
import { WhyBody } from './WhyPanel';

afterEach(cleanup);

const base = { match_id: 1, market_id: 3, market: { id: 3, name: 'Over/Under 2.5 Goals' }, contact_id: null, contact: null, line: null, timed: null };
const sets = [
  { ...base, id: 27, type: 'VALUE', thresholds: { under: { value: 2000 } } },
  { ...base, id: 28, type: 'RANGE', contact_id: 5, contact: { id: 5, name: 'Ana Partner' }, thresholds: { over: { from: 1500, to: 1800 } } },
] as unknown as MatchThresholdSet[];
const offer = (over: Partial<Offer>) =>
  ({
    id: 9,
    match_id: 1,
    market_id: 3,
    market: { id: 3, name: 'Over/Under 2.5 Goals' },
    outcome_map: { over: 1900, under: 2050 },
    odds: [],
    score: 'H1-A0',
    prematch: false,
    match_time: 600,
    status: 'SKIPPED',
    created_at: '2026-11-27T05:00:00Z',
    contact_names: [],
    delivery: null,
    ...over,
  }) as Offer;
const data = (over: Partial<WhyData> = {}): WhyData => ({ firings: [], deliveries: [], suppressions: [], sets, ...over });

describe('the Why panel says the reason the engine stored', () => {
  it('a suspended offer: the suspension, per set by its name, not a list of guesses', () => {
    const suspended = offer({
      status: 'SUSPENDED',
      reasons: [
        { set_id: 27, kind: 'SUSPENDED', outcome: null, bound: null, detail: 'the match was suspended when this offer came' },
        { set_id: 28, kind: 'SUSPENDED', outcome: null, bound: null, detail: 'the match was suspended when this offer came' },
      ],
    });
    render(<WhyBody offer={suspended} data={data()} />);
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      'VALUE set for any contact: Not evaluated, suspended: the match was suspended when this offer came.',
      'RANGE set for Ana Partner: Not evaluated, suspended: the match was suspended when this offer came.',
    ]);
    expect(document.body.textContent).not.toMatch(/Set 27|not re-armed, pass threshold|outside its timing, or exhausted/);
  });

  it('an exhausted market and a set not re-armed: one reason each', () => {
    const skipped = offer({
      reasons: [
        { set_id: 27, kind: 'HELD', outcome: 'under', bound: 'MAX_THRESHOLD', detail: 'market fired 3 of max 3 times in this match' },
        {
          set_id: 28,
          kind: 'NOT_REARMED',
          outcome: 'over',
          bound: null,
          detail: 'over fired earlier and its price has not left the threshold since, so it is not re-armed',
        },
      ],
    });
    render(<WhyBody offer={skipped} data={data()} />);
    expect(screen.getByText(/Set exhausted \(max threshold\): market fired 3 of max 3 times/)).toBeTruthy();
    expect(screen.getByText(/Met its condition, but not re-armed: over fired earlier/)).toBeTruthy();
  });

  it("a delivery says whose outcome its text was written for and which content, by the set's name", () => {
    const delivery = {
      id: 4,
      offer_id: 9,
      match_id: 1,
      market: { id: 3, name: 'Over/Under 2.5 Goals' },
      contact: { id: 5, name: 'Ana Partner' },
      channel: { id: 6, name: 'Webhook' },
      language: 'en',
      status: 'SENT',
      node_id: 'H1-A0',
      log: { subject: 'Goal! Argentina 1-0 France', body: 'Under pays 2.05', cta: null, content: null, outcome: 'under', set_id: 27 },
    } as unknown as Delivery;
    render(<WhyBody offer={offer({ status: 'TRIGGERED', reasons: [] })} data={data({ deliveries: [delivery] })} />);
    expect(
      screen.getByText(
        /Text written for under: the likeliest outcome that fired \(VALUE set for any contact\) with a text in this contact's en content for Over\/Under 2.5 Goals, chosen for the score at H1-A0\./,
      ),
    ).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/text of under|Set 27/);
  });
});
