import type { AuditEntity } from '@odds/protocol';
import { Button } from 'primereact/button';
import { useState, type ReactNode } from 'react';
import { GenericTable, type ListController, type TableColumn } from '../../components/table';
import { EntityHistory } from '../../components/history/EntityHistory';
import type { FieldSpec, Values } from './fields';
import { RecordForm, type CatalogRecord } from './RecordForm';

export interface CatalogTabProps<T extends CatalogRecord> {
  /** What the operator calls a record ('Team'); the table is named by `label` ('Teams'). */
  what: string;
  label: string;
  entity: AuditEntity;
  list: ListController<T>;
  columns: readonly TableColumn<T>[];
  fields: readonly FieldSpec[];
  /** A new record's values. */
  blank: Values;
  toValues(record: T): Values;
  /** Creates (`record` null) or updates the record against `version` (api() with FORM_SHOWN). */
  send(values: Values, record: T | null, version: number | undefined): Promise<T>;
  /** How a row is named in its buttons ('Edit Sweden'). */
  nameOf(row: T): string;
  check?(values: Values): string | null;
  onChange?(values: Values): void;
  /** Told when the form opens (a picker that depends on the record). */
  onOpen?(record: T | null): void;
  /** More buttons of a row (a league's "New season"). */
  actions?(row: T): ReactNode;
  paginator?: boolean;
  children?: ReactNode;
}

/**
 * One tab of the Catalog screen: a "New …" button, the list with Edit and History on every row,
 * and the create/edit form; a save reloads the list.
 */
export function CatalogTab<T extends CatalogRecord>(props: CatalogTabProps<T>) {
  const { what, label, entity, list, fields, blank, toValues, send, nameOf } = props;
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const open = (record: T | 'new') => {
    props.onOpen?.(record === 'new' ? null : record);
    setEditing(record);
  };
  const columns: TableColumn<T>[] = [
    ...props.columns,
    {
      field: 'actions',
      header: 'Actions',
      body: (row) => (
        <span className="catalog-actions">
          <Button type="button" label="Edit" size="small" outlined aria-label={`Edit ${nameOf(row)}`} onClick={() => open(row)} />
          {props.actions?.(row)}
          <EntityHistory entity={entity} id={row.id} name={what.toLowerCase()} reloadKey={row.version ?? 0} />
        </span>
      ),
    },
  ];
  const record = editing === 'new' ? null : editing;
  return (
    <div className="catalog-tab">
      <div className="catalog-toolbar">
        <Button type="button" label={`New ${what.toLowerCase()}`} icon="pi pi-plus" onClick={() => open('new')} />
      </div>
      <GenericTable list={list} columns={columns} label={label} emptyMessage={`No ${label.toLowerCase()}`} paginator={props.paginator ?? true} />
      {props.children}
      {editing ? (
        <RecordForm<T>
          what={what}
          fields={fields}
          record={record}
          initial={record ? toValues(record) : blank}
          toValues={toValues}
          send={(values, version) => send(values, record, version)}
          {...(props.check && { check: props.check })}
          {...(props.onChange && { onChange: props.onChange })}
          onSaved={() => {
            setEditing(null);
            list.reload();
          }}
          onHide={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}
