import type { Contact, MatchMarket, MatchThresholdSet, SavedThreshold } from '@odds/protocol';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ThresholdEditor } from './ThresholdEditor';
import { buildInput, defaultForm, formOf, type ThresholdForm } from './thresholdForm';

const market = (dynamic: boolean) =>
  ({
    id: 5,
    name: 'Match result',
    line: null,
    type: { id: 1, outcomes: ['home', 'draw', 'away'] },
    meta: {},
    helper_args: { dynamic_line: dynamic },
    outcome_mapping: {},
    has_content: true,
  }) as MatchMarket;
const contact = (id: number, code: string) => ({ id, name: `${code} contact`, channel_id: id, channel: { id, name: code, code } }) as unknown as Contact;
const CONTACTS = [contact(1, 'PUSH'), contact(4, 'FEED')];
const TEMPLATE = {
  id: 9,
  market_id: 5,
  name: 'Late drift',
  is_default: false,
  contact: { id: 4, name: 'FEED contact' },
  channel: null,
  line: 1500,
  type: 'RANGE',
  thresholds: { away: { from: 2500, to: 3750 } },
} as SavedThreshold;

let latest: ThresholdForm = defaultForm();
function Harness({ dynamic = false, start }: { dynamic?: boolean; start?: ThresholdForm }) {
  const [form, setForm] = useState<ThresholdForm>(() => start ?? defaultForm());
  latest = form;
  const m = market(dynamic);
  return (
    <ThresholdEditor
      market={m}
      form={form}
      patch={(change) => setForm((f) => ({ ...f, ...change }))}
      contacts={CONTACTS}
      templates={[TEMPLATE]}
      isFeedContact={CONTACTS.find((c) => c.id === form.contactId)?.channel.code === 'FEED'}
      error={null}
      saving={false}
      onSave={() => undefined}
      onBacktest={() => undefined}
      backtest={null}
    />
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const dropdownText = (label: string) => screen.getAllByLabelText(label)[0]!.closest('.p-dropdown')?.textContent ?? '';
const mode = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('threshold editor', () => {
  afterEach(cleanup);

  it('sends Value thresholds as thousandths, a dot making a decimal', () => {
    render(<Harness />);
    type('home value', '2.15');
    type('away value', '3');
    expect(screen.queryByLabelText('home min')).toBeNull();
    const built = buildInput(latest, 5, false);
    expect(built).toEqual({
      ok: true,
      input: { type: 'VALUE', market_id: 5, contact_id: null, line: null, thresholds: { home: { value: 2150 }, away: { value: 3000 } }, timed: null },
    });
  });

  it('shows a saved set\'s "timed before" and sends it back with the save, so a save never wipes it', () => {
    const saved = {
      id: 3,
      version: 2,
      match_id: 1,
      market_id: 5,
      market: { id: 5, name: 'Match result' },
      contact_id: null,
      contact: null,
      line: null,
      timed: { before: 90 },
      type: 'VALUE',
      thresholds: { home: { value: 2500 } },
    } as MatchThresholdSet;
    render(<Harness start={{ ...defaultForm(), ...formOf(saved) }} />);
    expect((screen.getByLabelText('Timed before (minutes)') as HTMLInputElement).value).toBe('90');
    type('home value', '2.51');
    expect(buildInput(latest, 5, false)).toMatchObject({ ok: true, input: { thresholds: { home: { value: 2510 } }, timed: { before: 90 } } });
    type('Timed before (minutes)', '');
    expect(buildInput(latest, 5, false)).toMatchObject({ ok: true, input: { timed: null } });
    type('Timed before (minutes)', '1.5');
    expect(buildInput(latest, 5, false)).toEqual({ ok: false, error: 'Timed before: enter whole minutes from 0 to 10080, or leave it empty.' });
  });

  it('shows min and max only for a FEED contact', () => {
    latest = { ...defaultForm(), contactId: 4 };
    const { rerender } = render(<Harness />);
    expect(screen.queryByLabelText('home min')).toBeNull();
    rerender(<FeedHarness />);
    expect(screen.getByLabelText('home min')).toBeTruthy();
    expect(screen.getByLabelText('home max')).toBeTruthy();
  });

  it('switches modes; Relative starts at RISE, VALUE, MINUTES, START', () => {
    render(<Harness />);
    mode('Range');
    expect(screen.getByLabelText('draw from')).toBeTruthy();
    expect(screen.queryByLabelText('draw value')).toBeNull();
    mode('Relative');
    expect(dropdownText('home direction')).toContain('RISE');
    expect(dropdownText('home metric')).toContain('VALUE');
    expect(dropdownText('home time unit')).toContain('MINUTES');
    expect(dropdownText('home time basis')).toContain('START');
    type('home change', '0.25');
    type('home time amount', '10');
    expect(buildInput(latest, 5, false)).toMatchObject({
      ok: true,
      input: {
        type: 'RELATIVE',
        thresholds: { home: { direction: 'RISE', metric: 'VALUE', value: 250, time_amount: 10, time_unit: 'MINUTES', time_basis: 'START' } },
      },
    });
  });

  it('offers a line only for a dynamic-line market, and sends a template name and default flag', () => {
    render(<Harness />);
    expect(screen.queryAllByLabelText('Line')).toHaveLength(0);
    cleanup();
    render(<Harness dynamic />);
    expect(screen.getAllByLabelText('Line').length).toBeGreaterThan(0);
    type('home value', '2');
    type('Save as template', 'Home drift');
    fireEvent.click(screen.getByLabelText('Default template of the market'));
    expect(buildInput(latest, 5, false)).toMatchObject({ ok: true, input: { saveAsTemplate: 'Home drift', saveAsTemplateDefault: true } });
  });

  it('refuses odds that are not numbers and an empty set', () => {
    render(<Harness />);
    expect(buildInput(latest, 5, false)).toEqual({ ok: false, error: 'Enter a threshold for at least one outcome.' });
    type('home value', '2,5');
    expect(buildInput(latest, 5, false).ok).toBe(false);
  });

  it('loads a saved set: its type, contact, line and thresholds', () => {
    const form = formOf(TEMPLATE);
    expect(form).toMatchObject({ type: 'RANGE', contactId: 4, line: 1500 });
    expect(form.outcomes.away).toMatchObject({ from: '2.5', to: '3.75' });
    expect(buildInput(form, 5, true)).toMatchObject({
      ok: true,
      input: { type: 'RANGE', line: 1500, contact_id: 4, thresholds: { away: { from: 2500, to: 3750 } } },
    });
  });
});

function FeedHarness() {
  const [form, setForm] = useState<ThresholdForm>({ ...defaultForm(), contactId: 4 });
  return (
    <ThresholdEditor
      market={market(false)}
      form={form}
      patch={(change) => setForm((f) => ({ ...f, ...change }))}
      contacts={CONTACTS}
      templates={[]}
      isFeedContact
      error={null}
      saving={false}
      onSave={() => undefined}
      onBacktest={() => undefined}
      backtest={null}
    />
  );
}
