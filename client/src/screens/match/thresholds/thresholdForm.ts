import {
  fromThousandths,
  parseNumericInput,
  RELATIVE_THRESHOLD_DEFAULTS,
  toThousandths,
  type MatchThresholdInput,
  type MatchThresholdSet,
  type RelativeThreshold,
  type SavedThreshold,
  type ThresholdType,
} from '@odds/protocol';

type Relative = typeof RELATIVE_THRESHOLD_DEFAULTS;

/** What the operator typed for one outcome: odds as decimal text, as every mode needs some of it. */
export interface OutcomeFields {
  value: string;
  min: string;
  max: string;
  from: string;
  to: string;
  direction: NonNullable<RelativeThreshold['direction']>;
  metric: NonNullable<RelativeThreshold['metric']>;
  change: string;
  time_amount: string;
  time_unit: NonNullable<RelativeThreshold['time_unit']>;
  time_basis: NonNullable<RelativeThreshold['time_basis']>;
}

export interface ThresholdForm {
  type: ThresholdType;
  contactId: number | null;
  /** Thousandths, for a dynamic-line market. */
  line: number | null;
  outcomes: Record<string, OutcomeFields>;
  /** Minutes before kick-off the set applies (SPEC §3 timed.before), as typed; empty: always. */
  timedBefore: string;
  saveAsTemplate: string;
  saveAsTemplateDefault: boolean;
}

export const emptyOutcome = (): OutcomeFields => ({
  value: '',
  min: '',
  max: '',
  from: '',
  to: '',
  change: '',
  time_amount: '',
  ...(RELATIVE_THRESHOLD_DEFAULTS as { [K in keyof Relative]: Relative[K] }),
});

/** The editor's default: Value mode, no contact, nothing typed (also what 'Delete all' returns to). */
export const defaultForm = (): ThresholdForm => ({
  type: 'VALUE',
  contactId: null,
  line: null,
  outcomes: {},
  timedBefore: '',
  saveAsTemplate: '',
  saveAsTemplateDefault: false,
});

const oddsText = (thousandths: number | undefined) => (thousandths === undefined ? '' : String(fromThousandths(thousandths)));

/** A saved set (of the match, or a provider template) as the editor shows it: type, contact, line, thresholds. */
export function formOf(set: MatchThresholdSet | SavedThreshold): ThresholdForm {
  const outcomes: Record<string, OutcomeFields> = {};
  for (const [outcome, t] of Object.entries(set.thresholds)) {
    const fields = emptyOutcome();
    if (set.type === 'VALUE') {
      const v = t as { value: number; min?: number; max?: number };
      Object.assign(fields, { value: oddsText(v.value), min: oddsText(v.min), max: oddsText(v.max) });
    } else if (set.type === 'RANGE') {
      const r = t as { from: number; to: number };
      Object.assign(fields, { from: oddsText(r.from), to: oddsText(r.to) });
    } else {
      const r = { ...RELATIVE_THRESHOLD_DEFAULTS, ...(t as RelativeThreshold) };
      Object.assign(fields, {
        direction: r.direction,
        metric: r.metric,
        time_unit: r.time_unit,
        time_basis: r.time_basis,
        change: r.metric === 'VALUE' ? String(fromThousandths(r.value)) : String(r.value),
        time_amount: String(r.time_amount),
      });
    }
    outcomes[outcome] = fields;
  }
  const contactId = 'contact_id' in set ? (set.contact_id ?? null) : (set.contact?.id ?? null);
  // A template has no timing of its own: loading one keeps what the form has (patch leaves it out).
  const timed = 'timed' in set ? set.timed : undefined;
  const form: ThresholdForm = { ...defaultForm(), type: set.type, contactId, line: set.line ?? null, outcomes };
  if (timed !== undefined) form.timedBefore = timed ? String(timed.before) : '';
  else delete (form as Partial<ThresholdForm>).timedBefore;
  return form;
}

/** What a save of a match set writes, in the shape of the save body: the set as read, or the form built. */
export type ThresholdRecord = Pick<MatchThresholdInput, 'type' | 'market_id' | 'contact_id' | 'line' | 'thresholds' | 'timed'>;

/** A saved set in the shape of its save body, for the three-way merge of a conflict. */
export const recordOf = (set: MatchThresholdSet): ThresholdRecord =>
  ({ type: set.type, market_id: set.market_id, contact_id: set.contact_id, line: set.line, thresholds: set.thresholds, timed: set.timed }) as ThresholdRecord;

export type BuildResult = { ok: true; input: MatchThresholdInput } | { ok: false; error: string };

/** Odds typed as decimals (SPEC §5: a dot makes a decimal) to thousandths; null when empty. */
function odds(text: string, what: string): number | null {
  if (text.trim() === '') return null;
  const n = parseNumericInput(text);
  if (n === null || n < 1) throw new Error(`${what}: enter odds of at least 1, such as 2.5.`);
  return toThousandths(n);
}

/**
 * The save body for a market: only outcomes with something typed, odds in thousandths. min and
 * max go only for a FEED contact (`withMinMax`). Throws nothing; says what is missing instead.
 */
export function buildInput(form: ThresholdForm, marketId: number, withMinMax: boolean): BuildResult {
  try {
    const thresholds: Record<string, unknown> = {};
    for (const [outcome, f] of Object.entries(form.outcomes)) {
      if (form.type === 'VALUE') {
        const value = odds(f.value, `${outcome} value`);
        if (value === null) continue;
        const min = withMinMax ? odds(f.min, `${outcome} min`) : null;
        const max = withMinMax ? odds(f.max, `${outcome} max`) : null;
        thresholds[outcome] = { value, ...(min === null ? {} : { min }), ...(max === null ? {} : { max }) };
      } else if (form.type === 'RANGE') {
        const from = odds(f.from, `${outcome} from`);
        const to = odds(f.to, `${outcome} to`);
        if (from === null && to === null) continue;
        if (from === null || to === null) throw new Error(`${outcome}: enter both from and to.`);
        thresholds[outcome] = { from, to };
      } else {
        if (f.change.trim() === '' && f.time_amount.trim() === '') continue;
        const change = parseNumericInput(f.change);
        const amount = parseNumericInput(f.time_amount);
        if (change === null || change <= 0) throw new Error(`${outcome}: enter a change above 0.`);
        if (amount === null || !Number.isInteger(amount) || amount < 1) throw new Error(`${outcome}: enter a whole time amount of at least 1.`);
        const value = f.metric === 'VALUE' ? toThousandths(change) : change;
        thresholds[outcome] = { direction: f.direction, metric: f.metric, value, time_amount: amount, time_unit: f.time_unit, time_basis: f.time_basis };
      }
    }
    if (Object.keys(thresholds).length === 0) return { ok: false, error: 'Enter a threshold for at least one outcome.' };
    const timed = timedOf(form.timedBefore ?? '');
    const name = form.saveAsTemplate.trim();
    const input = {
      type: form.type,
      market_id: marketId,
      contact_id: form.contactId,
      line: form.line,
      thresholds,
      timed,
      ...(name ? { saveAsTemplate: name, saveAsTemplateDefault: form.saveAsTemplateDefault } : {}),
    } as MatchThresholdInput;
    return { ok: true, input };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}

/** The 'Timed before' field: whole minutes before kick-off (0 to a week), or empty for no timing. */
function timedOf(text: string): { before: number } | null {
  if (text.trim() === '') return null;
  const minutes = parseNumericInput(text);
  if (minutes === null || !Number.isInteger(minutes) || minutes < 0 || minutes > 10_080) {
    throw new Error('Timed before: enter whole minutes from 0 to 10080, or leave it empty.');
  }
  return { before: minutes };
}
