import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import type { ReactNode } from 'react';
import { Field } from '../../components/forms/Field';

interface Option {
  label: string;
  value: string | number;
}

/** One field of a catalog form: what it holds, how it is typed, and whether the vendor owns it on a synced row. */
export interface FieldSpec {
  name: string;
  label: string;
  kind: 'text' | 'date' | 'datetime' | 'number' | 'select' | 'multiselect';
  options?: readonly Option[];
  /** Locked (read-only) on a synced row: the vendor's field (docs/catalog.md). */
  vendorOwned?: boolean;
  /** Only when creating (an id, a provider). */
  createOnly?: boolean;
  hint?: string;
}

export type Values = Record<string, unknown>;

/** Renders one field of a catalog form as the other screens do (label above, PrimeReact control). */
export function CatalogField({
  spec,
  id,
  value,
  disabled,
  onChange,
}: {
  spec: FieldSpec;
  id: string;
  value: unknown;
  disabled: boolean;
  onChange: (value: unknown) => void;
}) {
  const hint = spec.hint ? `${id}-hint` : undefined;
  const control = (() => {
    switch (spec.kind) {
      case 'select':
        return (
          <Dropdown
            inputId={id}
            value={value ?? null}
            options={[...(spec.options ?? [])]}
            onChange={(e) => onChange(e.value)}
            filter={(spec.options?.length ?? 0) > 8}
            showClear={false}
            disabled={disabled}
            placeholder="Choose…"
            aria-describedby={hint}
          />
        );
      case 'multiselect':
        return (
          <MultiSelect
            inputId={id}
            value={(value as unknown[]) ?? []}
            options={[...(spec.options ?? [])]}
            onChange={(e) => onChange(e.value)}
            disabled={disabled}
            display="chip"
            aria-describedby={hint}
          />
        );
      default:
        return (
          <InputText
            id={id}
            type={spec.kind === 'datetime' ? 'datetime-local' : spec.kind === 'date' ? 'date' : spec.kind === 'number' ? 'number' : 'text'}
            value={value === null || value === undefined ? '' : String(value)}
            onChange={(e) => onChange(e.target.value)}
            disabled={disabled}
            autoComplete="off"
            aria-describedby={hint}
          />
        );
    }
  })();
  return (
    <Field id={id} label={spec.label} {...(spec.hint && { hint: spec.hint })}>
      {control}
    </Field>
  );
}

/** The server's refusal (or what is missing), shown in the form, and the form's buttons below it. */
export function FormFooter({ error, children }: { error: string | null; children: ReactNode }) {
  return (
    <>
      {error ? (
        <div role="alert" className="catalog-form-error">
          {error}
        </div>
      ) : null}
      <div className="catalog-form-actions">{children}</div>
    </>
  );
}
