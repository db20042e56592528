import { MultiSelect } from 'primereact/multiselect';
import { Field } from '../forms/Field';

interface RecordsFieldProps {
  /** Id of the multi-select's input, named by the label. */
  id: string;
  label: string;
  /** What may be chosen, shown by name. */
  records: readonly { id: number; name: string }[];
  /** The ids chosen, in the order they were picked. */
  value: number[];
  onChange: (ids: number[]) => void;
  /** Said when there is nothing to choose (else PrimeReact's own words). */
  emptyMessage?: string;
}

/** Records of a CMS form chosen by name, shown as chips, with a filter: its categories, markets and market types. */
export function RecordsField({ id, label, records, value, onChange, emptyMessage }: RecordsFieldProps) {
  return (
    <Field id={id} label={label}>
      <MultiSelect
        inputId={id}
        options={records.map((record) => ({ value: record.id, label: record.name }))}
        value={value}
        display="chip"
        filter
        {...(emptyMessage === undefined ? {} : { emptyMessage })}
        onChange={(e) => onChange(e.value as number[])}
      />
    </Field>
  );
}
