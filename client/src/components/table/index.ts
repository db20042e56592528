/**
 * The generic table (SPEC §2): one list hook and one table view for every list of the console.
 *
 *   const list = useList({
 *     route: routes.contacts,                 // any list route: replies with results, items or deliveries
 *     params: {...}, query: {...},            // fixed path and query values
 *     defaultSort: '-created_at',             // SPEC §9
 *     filters: { q: '', channel: '1' },       // kept in the address by these names, with defaults
 *   });
 *   <GenericTable list={list} label="Contacts" columns={[{ field: 'id', header: 'Id', sortable: true }, ...]} />
 *
 * Or `useList({ getList, deps, defaultSort })` with a getList of your own ({start, limit, sort,
 * filter, signal} → {results, total, limit}); `inMemoryGetList` pages and sorts rows fetched whole.
 * `key` prefixes the address keys for a second list on the same screen. `list.setFilter(name, value)`,
 * `list.reload()`, `list.selected` and `list.rows` serve the screen's own controls.
 */
export { GenericTable, type TableColumn } from './GenericTable';
export { TruncatedText } from './TruncatedText';
export { useList, type ListController } from './useList';
export { useListState } from './useListState';
export { inMemoryGetList, routeGetList, type GetList } from './getList';
export type { FilterSpec, ListStateConfig } from './listState';
