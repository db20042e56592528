import type { Provider } from '@odds/protocol';
import type { TableColumn } from './';

/** A provider's id, name, sports and languages: the columns Settings and the Catalog's providers tab share. */
export const PROVIDER_COLUMNS: TableColumn<Provider>[] = [
  { field: 'id', header: 'Id', sortable: true },
  { field: 'name', header: 'Name', sortable: true },
  { field: 'sports', header: 'Sports', body: (p) => p.sports.map((s) => s.name).join(', ') },
  { field: 'languages', header: 'Languages', body: (p) => p.meta.languages.join(', ') },
];
