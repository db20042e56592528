import { PAGE_LINKS } from '@odds/protocol';
import { Column } from 'primereact/column';
import { DataTable, type DataTablePageEvent, type DataTableValueArray } from 'primereact/datatable';
import { useId, type CSSProperties, type ReactNode } from 'react';
import { sortField, sortOrder } from './listState';
import { useRovingRows } from './rovingRows';
import { SkipLinks } from './SkipLinks';
import type { ListController } from './useList';
import './table.css';

export interface TableColumn<T> {
  /** The column's id, and its sort key when sortable (unless `sortKey` says otherwise). */
  field: string;
  header: string;
  sortable?: boolean;
  /** Sort key sent to the server when it differs from `field`. */
  sortKey?: string;
  /** The cell; without one, the row's value of `field`. */
  body?: (row: T) => ReactNode;
  className?: string;
  style?: CSSProperties;
}

export interface GenericTableProps<T> {
  list: ListController<T>;
  columns: readonly TableColumn<T>[];
  /** Accessible name of the table. */
  label: string;
  /** Shown when the list has no rows (once loaded). */
  emptyMessage?: string;
  /** Property that identifies a row; `id` by default. */
  dataKey?: string;
  /** Called when the operator selects a row (row select). */
  onSelect?: (row: T) => void;
  /** Called on every click of a row, and on Enter or Space on a focused row (even if already selected). */
  onActivate?: (row: T) => void;
  /** False hides the footer pagination (lists that are never long). */
  paginator?: boolean;
  rowClassName?: (row: T) => string | undefined;
  className?: string;
  /** False leaves out the page's 'Skip to table' / 'Skip to pager' links for this table. */
  skipLinks?: boolean;
}

/**
 * The table every list of the console shows: a thin view over a `useList` controller. Sortable
 * headers toggle ascending and descending, a row can be selected, a 'Loading...' row stands in
 * while a page loads, and the footer pages with up to 10 page links around the current page.
 * The rows are one tab stop with arrow keys inside (rovingRows.ts), and the page starts with
 * links that skip to the table and to its pager.
 */
export function GenericTable<T>({
  list,
  columns,
  label,
  emptyMessage = 'No records found',
  dataKey = 'id',
  onSelect,
  onActivate,
  paginator = true,
  rowClassName,
  className,
  skipLinks = true,
}: GenericTableProps<T>) {
  const roving = useRovingRows(onActivate !== undefined);
  const id = `table-${useId().replace(/[^\w-]/g, '')}`;
  const sortedBy = sortField(list.sort);
  const sortedColumn = columns.find((column) => (column.sortKey ?? column.field) === sortedBy);
  const links = [
    { targetId: id, text: `Skip to table: ${label}`, onFollow: () => focusTable(roving.activeRow(), id) },
    ...(paginator ? [{ targetId: `${id}-pager`, text: `Skip to pager: ${label}`, onFollow: () => focusPager(`${id}-pager`) }] : []),
  ];
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: event delegation, not a control: the keys and focus come from the rows and their controls (the roving tabindex); the wrapper itself is never focused.
    <div ref={roving.ref} onKeyDownCapture={roving.onKeyDownCapture} onKeyDown={roving.onKeyDown} onFocusCapture={roving.onFocusCapture}>
      {skipLinks && <SkipLinks links={links} />}
      <DataTable
        lazy
        // Cells are drawn from the screen's state as well as their row (local edits, a row being
        // saved); PrimeReact's cell memo looks at the row only and would keep stale cells. A page
        // holds at most 100 rows, so every cell is simply redrawn.
        cellMemo={false}
        // The previous page's rows give way to a 'Loading...' row while the next one loads; the same
        // page read again keeps its rows (busy meanwhile).
        value={(list.loading ? [] : list.rows) as DataTableValueArray}
        emptyMessage={list.loading ? 'Loading...' : emptyMessage}
        dataKey={dataKey}
        {...pagingProps(list, paginator)}
        sortField={sortedColumn?.field}
        sortOrder={sortedColumn ? sortOrder(list.sort) : 0}
        onSort={(event) => {
          const column = columns.find((c) => c.field === event.sortField);
          if (column) list.toggleSort(column.sortKey ?? column.field);
        }}
        onRowClick={onActivate ? (event) => onActivate(event.data as T) : undefined}
        selectionMode="single"
        metaKeySelection={false}
        selection={list.selected as DataTableValueArray[number] | null}
        onSelectionChange={(event) => {
          const row = (event.value ?? null) as T | null;
          list.select(row);
          if (row && onSelect) onSelect(row);
        }}
        rowClassName={rowClassName ? (row: DataTableValueArray[number]) => rowClassName(row as T) ?? '' : undefined}
        size="small"
        stripedRows
        className={['generic-table', className].filter(Boolean).join(' ')}
        // The name and busy state belong on the <table>, not on PrimeReact's wrapper div.
        pt={{
          table: { id, 'aria-label': label, 'aria-busy': list.refreshing },
          paginator: { root: { id: `${id}-pager`, role: 'navigation', 'aria-label': `${label} pages` } },
        }}
      >
        {columns.map((column) => (
          <Column
            key={column.field}
            field={column.field}
            header={column.header}
            sortable={column.sortable ?? false}
            body={column.body ? (row: T) => column.body!(row) : undefined}
            className={column.className}
            style={column.style}
          />
        ))}
      </DataTable>
    </div>
  );
}

/** The DataTable's paging over a list: up to PAGE_LINKS page links around the current page, the range once loaded. */
function pagingProps<T>(list: ListController<T>, paginator: boolean) {
  return {
    paginator,
    rows: list.pageSize,
    first: list.page * list.pageSize,
    totalRecords: list.total,
    pageLinkSize: PAGE_LINKS,
    // No '0–0 of 0' while a page loads (or waits for a sign-in): it reads as an empty list.
    paginatorTemplate: `FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink${list.loading ? '' : ' CurrentPageReport'}`,
    currentPageReportTemplate: '{first}–{last} of {totalRecords}',
    onPage: (event: DataTablePageEvent) => list.setPage(event.page ?? 0),
  };
}

/** 'Skip to table': the row that has the tab stop, else (no rows) the table itself. */
function focusTable(row: HTMLElement | null, tableId: string) {
  const target = row ?? document.getElementById(tableId);
  if (!target) return;
  if (!row) target.tabIndex = -1;
  target.focus();
}

/** 'Skip to pager': the current page's button, else the pager's first button that works. */
function focusPager(pagerId: string) {
  const pager = document.getElementById(pagerId);
  if (!pager) return;
  const button = pager.querySelector<HTMLElement>('.p-paginator-page.p-highlight') ?? pager.querySelector<HTMLElement>('button:not(:disabled)');
  if (button) return button.focus();
  pager.tabIndex = -1;
  pager.focus();
}
