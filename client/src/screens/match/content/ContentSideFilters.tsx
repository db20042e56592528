import { CONTENT_TYPES, SIDE_CONTEXTS, type ContentCategory } from '@odds/protocol';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { dropdownNames } from '../../../components/forms/a11y';
import { Field } from '../../../components/forms/Field';
import type { ContentTab } from './useContentTab';

const opts = (values: readonly string[]) => values.map((v) => ({ label: v, value: v }));

/** The filters of the Form tab's side panel (content type, category, participants, Auto Build, group), kept in the address. */
export function ContentSideFilters({ tab, categories, groups }: { tab: ContentTab; categories: ContentCategory[]; groups: { id: number; name: string }[] }) {
  const f = (name: string) => tab.search.get(name) ?? '';
  return (
    <>
      <Field id="content-filter-type" label="Content type">
        <Dropdown
          {...dropdownNames('Content type')}
          inputId="content-filter-type"
          value={f('type') || null}
          options={opts(CONTENT_TYPES)}
          showClear
          placeholder="Any"
          onChange={(e) => tab.setSearchParam('type', (e.value as string) ?? '')}
        />
      </Field>
      <Field id="content-filter-category" label="Category">
        <Dropdown
          {...dropdownNames('Category')}
          inputId="content-filter-category"
          value={Number(f('category')) || null}
          options={categories.map((c) => ({ label: c.name, value: c.id }))}
          showClear
          placeholder="Any"
          onChange={(e) => tab.setSearchParam('category', e.value ? String(e.value) : '')}
        />
      </Field>
      <Field id="content-filter-side" label="Participants">
        <Dropdown
          {...dropdownNames('Participants')}
          inputId="content-filter-side"
          value={f('side') || null}
          options={opts(SIDE_CONTEXTS)}
          showClear
          placeholder="Any"
          onChange={(e) => tab.setSearchParam('side', (e.value as string) ?? '')}
        />
      </Field>
      <span className="switch-row">
        <Checkbox inputId="content-filter-auto" checked={f('auto') === '1'} onChange={(e) => tab.setSearchParam('auto', e.checked ? '1' : '')} />
        <label htmlFor="content-filter-auto">Auto Build</label>
      </span>
      <Field id="content-filter-group" label="Group">
        <Dropdown
          {...dropdownNames('Group')}
          inputId="content-filter-group"
          value={Number(f('group')) || null}
          options={groups.map((g) => ({ label: g.name, value: g.id }))}
          showClear
          placeholder="Any"
          onChange={(e) => tab.setSearchParam('group', e.value ? String(e.value) : '')}
        />
      </Field>
    </>
  );
}
