import { Dropdown } from 'primereact/dropdown';
import { dropdownNames } from '../forms/a11y';
import { Field } from '../forms/Field';

interface LinkTargetFieldProps {
  /** Id of the dropdown's input, named by the field's label. */
  id: string;
  /** The keys the content may link to; null when its type links nowhere (no field then). */
  options: string[] | null;
  value: string | null;
  onChange: (target: string | null) => void;
  /** Said when no key is offered. */
  emptyMessage?: string;
}

/** The Link Target of a CMS form (content item, group, match draft): one key of the market or none, cleared to none. */
export function LinkTargetField({ id, options, value, onChange, emptyMessage = 'No link targets' }: LinkTargetFieldProps) {
  if (!options) return null;
  return (
    <Field id={id} label="Link Target">
      <Dropdown
        {...dropdownNames('Link Target')}
        inputId={id}
        options={options}
        value={value}
        showClear
        placeholder="None"
        emptyMessage={emptyMessage}
        onChange={(e) => onChange((e.value as string | undefined) ?? null)}
      />
    </Field>
  );
}
