import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { useEffect, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/errors';
import { useSaving } from '../../api/useSaving';
import { ConflictDialog, useVersionedSave } from '../../components/conflict';
import { CatalogField, FormFooter, type FieldSpec, type Values } from './fields';

/** The api() flags of a catalog save: its 400, 404 and 409 are shown by the form (409: the conflict dialog). */
export const FORM_SHOWN = { shows: [400, 404, 409] } as const;

export interface CatalogRecord {
  id: number;
  version?: number;
  sync?: { source: string; ref: string } | null;
}

export interface RecordFormProps<T extends CatalogRecord> {
  /** What the operator calls the record ('League'). */
  what: string;
  fields: readonly FieldSpec[];
  /** The record edited, or null to create one. */
  record: T | null;
  /** The form's values when it opens (the record's, or a new one's defaults). */
  initial: Values;
  /** Their record's values, for "Keep theirs". */
  toValues(record: T): Values;
  /** Creates (record null) or updates against `version`; call api() with `...FORM_SHOWN`. */
  send(values: Values, version: number | undefined): Promise<T>;
  onSaved(saved: T): void;
  onHide(): void;
  /** Told of every change of the values (a picker that depends on another field). */
  onChange?(values: Values): void;
  /** What is missing before anything is sent (a message), or null. */
  check?(values: Values): string | null;
}

/**
 * The create/edit dialog of every catalog record (admins): the record's fields, a synced row's
 * vendor fields locked with a note saying so, the server's refusal shown in the form, and a save
 * against the version read (a 409 opens the conflict dialog: keep theirs or overwrite with mine).
 */
export function RecordForm<T extends CatalogRecord>({ what, fields, record, initial, toValues, send, onSaved, onHide, onChange, check }: RecordFormProps<T>) {
  const [values, setValues] = useState<Values>(initial);
  const [error, setError] = useState<string | null>(null);
  const { saving, run } = useSaving<T | null>();
  const { conflict, save } = useVersionedSave();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new record (or none) starts the form again; `initial` is made per render.
  useEffect(() => {
    setValues(initial);
    setError(null);
  }, [record]);
  const synced = record?.sync ?? null;
  const prefix = `catalog-${what.toLowerCase().replace(/\s+/g, '-')}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = check?.(values) ?? null;
    setError(missing);
    if (missing) return;
    try {
      const saved = await run(() =>
        save<T, T>({
          send: (base) => send(values, base?.version ?? record?.version),
          mine: () => values,
          view: (current) => toValues(current),
          keepTheirs: (current) => setValues(toValues(current)),
        }),
      );
      if (saved) onSaved(saved);
    } catch (cause) {
      setError(cause instanceof ApiError ? cause.message : String(cause));
    }
  };

  return (
    <Dialog
      header={record ? `Edit ${what.toLowerCase()} ${record.id}` : `New ${what.toLowerCase()}`}
      visible
      onHide={onHide}
      style={{ width: 'min(36rem, 95vw)' }}
      modal
    >
      <form
        className="catalog-form"
        onSubmit={(e) => void submit(e)}
        aria-label={record ? `Edit ${what.toLowerCase()}` : `New ${what.toLowerCase()}`}
        noValidate
      >
        {synced ? <Message severity="info" text={`Synced from ${synced.source} (${synced.ref}): the vendor's fields are locked.`} /> : null}
        {fields
          .filter((spec) => !(record && spec.createOnly))
          .map((spec) => (
            <CatalogField
              key={spec.name}
              spec={spec}
              id={`${prefix}-${spec.name}`}
              value={values[spec.name]}
              disabled={saving || (!!synced && spec.vendorOwned === true)}
              onChange={(value) => {
                const next = { ...values, [spec.name]: value };
                setValues(next);
                onChange?.(next);
              }}
            />
          ))}
        <FormFooter error={error}>
          <Button type="button" label="Cancel" text onClick={onHide} />
          <Button type="submit" label={record ? 'Save' : `Create ${what.toLowerCase()}`} icon="pi pi-check" loading={saving} />
        </FormFooter>
      </form>
      <ConflictDialog state={conflict} what={`${what} ${record?.id ?? ''}`.trim()} />
    </Dialog>
  );
}
