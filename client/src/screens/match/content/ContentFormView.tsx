import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Field } from '../../../components/forms/Field';
import { ContentSidePanel } from './ContentSidePanel';
import { PART_TYPES } from '../../../components/content/contentForm';
import { ContentScoreRow, ContentTargetRow, ContentTimingRow } from './ContentFormFields';
import type { ContentTab } from './useContentTab';

/** The Form tab: a match content record's market, channel, language, score, timing, macros and texts. */
export function ContentFormView({ tab }: { tab: ContentTab }) {
  const { form, patch } = tab;
  return (
    <div className="content-form-layout">
      <ContentSidePanel tab={tab} onUse={(type, text) => patch({ texts: { ...form.texts, [type]: text } })} />
      <form
        className="content-form"
        aria-label={tab.editing || tab.deletedBy ? `Edit content ${tab.form.id}` : 'New content'}
        onSubmit={(e) => {
          e.preventDefault();
          void tab.save();
        }}
      >
        <h2>{tab.editing ? `Edit content ${tab.editing.id}` : tab.deletedBy ? `Edit content ${tab.form.id}` : 'New content'}</h2>
        {/* At the top of the form, where the operator is looking: the form's own buttons sit below the fold at 1440×900. */}
        {tab.deletedBy && <DeletedWhileOpen tab={tab} />}
        <ContentTargetRow tab={tab} />
        <ContentScoreRow tab={tab} />
        <ContentTimingRow tab={tab} />
        <Field id="content-macros" label="Macros" hint="key1=replace-value,key2=replace-value">
          <InputText id="content-macros" value={form.macros} aria-describedby="content-macros-hint" onChange={(e) => patch({ macros: e.target.value })} />
        </Field>
        {PART_TYPES.map((type) => (
          <Field key={type} id={`content-text-${type}`} label={type === 'cta' ? 'CTA' : type[0]!.toUpperCase() + type.slice(1)}>
            <InputTextarea
              id={`content-text-${type}`}
              value={form.texts[type]}
              rows={type === 'content' ? 4 : 2}
              autoResize
              onChange={(e) => patch({ texts: { ...form.texts, [type]: e.target.value } })}
            />
          </Field>
        ))}
        {tab.error && (
          <p className="form-error" role="alert">
            {tab.error}
          </p>
        )}
        <div className="content-form-actions">
          <Button type="submit" label="Save" icon="pi pi-check" loading={tab.saving} disabled={!!tab.deletedBy} />
          {tab.editing && <Button type="button" label="New content" text onClick={() => tab.edit(null)} />}
        </div>
      </form>
    </div>
  );
}

/** The open record was deleted by someone else: who, and saving the text as new content or discarding it. */
function DeletedWhileOpen({ tab }: { tab: ContentTab }) {
  return (
    <div className="deleted-while-open" role="alert">
      <p>This content was deleted by {tab.deletedBy} while you had it open. Your text is kept here: save it as new content, or discard it.</p>
      <Button type="button" label="Save as new" size="small" loading={tab.saving} onClick={() => void tab.saveAsNew()} />
      <Button type="button" label="Discard my edit" size="small" outlined onClick={tab.discard} />
    </div>
  );
}
