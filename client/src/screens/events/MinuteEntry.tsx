import { formatMatchMinute, inferPeriod, PERIOD_OPTIONS } from '@odds/protocol';
import { dropdownNames } from '../../components/forms/a11y';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { Field } from '../../components/forms/Field';

export interface MinuteValue {
  /** The match minute as the operator counts it (47 is two minutes into stoppage time of period 1). */
  minute: number | null;
  period: number;
  /** True once the operator chose the period; until then it follows the minute. */
  periodSet: boolean;
}

/** The period a row has: the chosen one, else inferred from the minute (SPEC §4). */
export const effectivePeriod = (value: MinuteValue): number => (value.periodSet || value.minute === null ? value.period : inferPeriod(value.minute));

const PERIODS = PERIOD_OPTIONS.map((p) => ({ label: `Period ${p}`, value: p }));

/**
 * Time entry of a stat event: the minute, shown as 45+n past 45 in period 1 and 90+n past 90 in
 * period 2; the period is inferred (up to 45 is 1, else 2) unless the operator sets it.
 */
export function MinuteEntry({ id, value, onChange }: { id: string; value: MinuteValue; onChange: (next: MinuteValue) => void }) {
  const period = effectivePeriod(value);
  // Only stoppage time reads differently from the minute typed (47 in period 1 is 45+2); repeating
  // a plain 30 beside the field said nothing new.
  const clock = value.minute === null ? '' : formatMatchMinute(value.minute, period);
  const readout = clock === String(value.minute) ? '' : clock;
  return (
    <div className="minute-entry">
      <Field id={`${id}-minute`} label="Minute">
        <InputNumber
          inputId={`${id}-minute`}
          value={value.minute}
          min={0}
          max={200}
          useGrouping={false}
          onValueChange={(e) => onChange({ ...value, minute: e.value ?? null })}
          size={4}
        />
      </Field>
      <output className="minute-readout" htmlFor={`${id}-minute`} aria-label="Match time" aria-live="polite">
        {readout}
      </output>
      <div className="form-field">
        <span className="switch-row">
          <Checkbox inputId={`${id}-period-set`} checked={value.periodSet} onChange={(e) => onChange({ ...value, periodSet: Boolean(e.checked), period })} />
          <label htmlFor={`${id}-period-set`}>Set period</label>
        </span>
      </div>
      {value.periodSet ? (
        <Field id={`${id}-period`} label="Period">
          <Dropdown
            {...dropdownNames('Period')}
            inputId={`${id}-period`}
            value={period}
            options={PERIODS}
            onChange={(e) => onChange({ ...value, period: Number(e.value) })}
          />
        </Field>
      ) : (
        <p className="minute-period">Period {period} (inferred)</p>
      )}
    </div>
  );
}
