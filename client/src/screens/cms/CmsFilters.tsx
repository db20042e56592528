import { CHANNELS, CONTENT_TYPES } from '@odds/protocol';
import { Dropdown } from 'primereact/dropdown';
import { linkTargetOptions } from './linkTargets';
import type { CmsOptions } from './useCmsOptions';
import type { CmsFilterName, CmsList } from './useCmsList';
import { dropdownNames } from '../../components/forms/a11y';

interface Choice {
  value: string;
  label: string;
}

const YES_NO: Choice[] = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];
const byId = (list: readonly { id: number; name: string | null }[]): Choice[] =>
  list.map((entry) => ({ value: String(entry.id), label: entry.name ?? `Group ${entry.id}` }));

/** The filters of the CMS list (every filter of the contents call), each applied when picked. */
export function CmsFilters({ cms, options }: { cms: CmsList; options: CmsOptions }) {
  const { filter, setFilter } = cms.list;
  const linkTargets = linkTargetOptions({ contentType: 'cta', marketIds: [], markets: options.markets }) ?? [];
  const filters: [CmsFilterName, string, Choice[]][] = [
    ['language_code', 'Language', options.languages],
    ['content_type', 'Content Type', CONTENT_TYPES.map((t) => ({ value: t, label: t }))],
    ['channel_id', 'Channel', CHANNELS.map((c) => ({ value: String(c.id), label: c.name }))],
    ['group_id', 'Group', byId(options.groups)],
    ['category_id', 'Category', byId(options.categories)],
    ['market_id', 'Market', byId(options.markets)],
    ['market_type_id', 'Market Type', byId(options.marketTypes)],
    ['link_target', 'Link Target', linkTargets.map((key) => ({ value: key, label: key }))],
    ['auto_build', 'Auto Build', YES_NO],
    ['active', 'Active', YES_NO],
  ];
  return (
    <div className="cms-filters" role="search" aria-label="Filter content">
      {filters.map(([name, label, choices]) => (
        <span key={name} className="form-field">
          <label htmlFor={`cms-filter-${name}`}>{label}</label>
          <Dropdown
            {...dropdownNames(label)}
            inputId={`cms-filter-${name}`}
            options={choices}
            value={filter[name] || null}
            placeholder="Any"
            showClear
            filter={choices.length > 8}
            emptyMessage="None"
            onChange={(e) => setFilter(name, (e.value as string | null | undefined) ?? '')}
          />
        </span>
      ))}
    </div>
  );
}
