import { Button } from 'primereact/button';
import { LinkTargetField } from '../../components/cms/LinkTargetField';
import { RecordsField } from '../../components/cms/RecordsField';
import { ContentItemBody, ContentItemFlags, ContentItemKindFields } from './ContentItemFields';
import type { ContentFormState } from './useContentForm';

/** The fields of one content item (new-content modal and edit page), a thin view over useContentForm. */
export function ContentItemForm({ form, providerName }: { form: ContentFormState; providerName: string }) {
  const { values, set, options } = form;
  return (
    <form
      aria-label="Content item"
      className="content-item-form"
      onSubmit={(e) => {
        e.preventDefault();
        void form.save();
      }}
    >
      <ContentItemKindFields form={form} />

      <ContentItemBody form={form} />

      <div className="form-grid">
        <RecordsField
          id="content-categories"
          label="Categories"
          records={options.categories}
          value={values.categories}
          emptyMessage="No categories"
          onChange={(ids) => set('categories', ids)}
        />
        <RecordsField id="content-markets" label="Markets" records={options.markets} value={values.markets} onChange={(ids) => set('markets', ids)} />
        <RecordsField
          id="content-market-types"
          label="Market Types"
          records={options.marketTypes}
          value={values.market_types}
          onChange={(ids) => set('market_types', ids)}
        />
        <LinkTargetField id="content-link-target" options={form.linkTargets} value={values.link_target} onChange={(target) => set('link_target', target)} />
      </div>

      <ContentItemFlags form={form} providerName={providerName} />

      <div className="form-actions">
        <Button type="submit" label={form.creating ? 'Create' : 'Save'} icon="pi pi-check" loading={form.saving} />
      </div>
    </form>
  );
}
