import { Dropdown } from 'primereact/dropdown';
import { dropdownNames } from '../../../components/forms/a11y';
import { InputText } from 'primereact/inputtext';
import { Field } from '../../../components/forms/Field';
import type { OutcomeFields as Fields, ThresholdForm } from './thresholdForm';

const options = (values: readonly string[]) => values.map((v) => ({ label: v, value: v }));

interface Props {
  outcome: string;
  type: ThresholdForm['type'];
  fields: Fields;
  withMinMax: boolean;
  onChange: (patch: Partial<Fields>) => void;
}

/** One outcome's inputs in the current mode; odds are typed as decimals (2.5), a dot making a decimal. */
export function OutcomeFields({ outcome, type, fields, withMinMax, onChange }: Props) {
  const id = `threshold-${outcome}`;
  const text = (name: keyof Fields, label: string) => (
    <Field id={`${id}-${name}`} label={label}>
      <InputText id={`${id}-${name}`} value={fields[name]} inputMode="decimal" size={6} onChange={(e) => onChange({ [name]: e.target.value })} />
    </Field>
  );
  const choice = (name: keyof Fields, label: string, values: readonly string[]) => (
    <Field id={`${id}-${name}`} label={label}>
      <Dropdown
        {...dropdownNames(label)}
        inputId={`${id}-${name}`}
        value={fields[name]}
        options={options(values)}
        onChange={(e) => onChange({ [name]: e.value as string })}
      />
    </Field>
  );
  return (
    <fieldset className="threshold-outcome">
      <legend>{outcome}</legend>
      {type === 'VALUE' && (
        <>
          {text('value', `${outcome} value`)}
          {withMinMax && text('min', `${outcome} min`)}
          {withMinMax && text('max', `${outcome} max`)}
        </>
      )}
      {type === 'RANGE' && (
        <>
          {text('from', `${outcome} from`)}
          {text('to', `${outcome} to`)}
        </>
      )}
      {type === 'RELATIVE' && (
        <>
          {choice('direction', `${outcome} direction`, ['RISE', 'DROP'])}
          {choice('metric', `${outcome} metric`, ['PERCENT', 'VALUE'])}
          {text('change', `${outcome} change`)}
          {text('time_amount', `${outcome} time amount`)}
          {choice('time_unit', `${outcome} time unit`, ['MINUTES', 'SECONDS'])}
          {choice('time_basis', `${outcome} time basis`, ['REAL', 'GAME', 'START'])}
        </>
      )}
    </fieldset>
  );
}
