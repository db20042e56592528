import { CHANNELS, leafNodeOptions, PERIOD_OPTIONS, subNodeOptions } from '@odds/protocol';
import { dropdownNames } from '../../../components/forms/a11y';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Field } from '../../../components/forms/Field';
import { languageOptions } from '../../../components/forms/languages';
import { ContentSidePanel } from './ContentSidePanel';
import { PART_TYPES } from '../../../components/content/contentForm';
import type { ContentTab } from './useContentTab';

const list = (values: readonly string[]) => values.map((v) => ({ label: v, value: v }));

/** The Form tab: a match content record's market, channel, language, score, timing, macros and texts. */
export function ContentFormView({ tab }: { tab: ContentTab }) {
  const { form, patch } = tab;
  const subNodes = subNodeOptions(tab.scores);
  const leafNodes = leafNodeOptions(tab.scores);
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
        {tab.deletedBy && (
          <div className="deleted-while-open" role="alert">
            <p>This content was deleted by {tab.deletedBy} while you had it open. Your text is kept here: save it as new content, or discard it.</p>
            <Button type="button" label="Save as new" size="small" loading={tab.saving} onClick={() => void tab.saveAsNew()} />
            <Button type="button" label="Discard my edit" size="small" outlined onClick={tab.discard} />
          </div>
        )}
        <div className="content-form-row">
          <Field id="content-market" label="Market">
            <Dropdown
              {...dropdownNames('Market')}
              inputId="content-market"
              value={form.marketId}
              options={tab.markets.map((m) => ({ label: m.name, value: m.id }))}
              showClear
              filter
              placeholder="Any market"
              onChange={(e) => patch({ marketId: (e.value as number | undefined) ?? null })}
            />
          </Field>
          <Field id="content-channel" label="Channel">
            <Dropdown
              {...dropdownNames('Channel')}
              inputId="content-channel"
              value={form.channelId}
              options={CHANNELS.map((c) => ({ label: c.name, value: c.id }))}
              onChange={(e) => patch({ channelId: Number(e.value) })}
            />
          </Field>
          <Field id="content-language" label="Language">
            <Dropdown
              {...dropdownNames('Language')}
              inputId="content-language"
              value={form.language}
              options={languageOptions(tab.languages, [form.language])}
              onChange={(e) => patch({ language: e.value as string })}
            />
          </Field>
        </div>
        <div className="content-form-row">
          <Field id="content-score" label="Score">
            <Dropdown
              {...dropdownNames('Score')}
              inputId="content-score"
              value={form.node}
              options={list(tab.scoreChoices)}
              filter
              onChange={(e) => patch({ node: e.value as string })}
            />
          </Field>
          {subNodes.length > 0 && (
            <Field id="content-sub-node" label="Sub node">
              <Dropdown
                {...dropdownNames('Sub node')}
                inputId="content-sub-node"
                value={form.subNode}
                options={list(subNodes)}
                showClear
                placeholder="Any"
                onChange={(e) => patch({ subNode: (e.value as string) ?? null })}
              />
            </Field>
          )}
          {leafNodes.length > 0 && (
            <Field id="content-leaf-node" label="Leaf node">
              <Dropdown
                {...dropdownNames('Leaf node')}
                inputId="content-leaf-node"
                value={form.leafNode}
                options={list(leafNodes)}
                showClear
                placeholder="Any"
                onChange={(e) => patch({ leafNode: (e.value as string) ?? null })}
              />
            </Field>
          )}
          <Field id="content-period" label="Period">
            <Dropdown
              {...dropdownNames('Period')}
              inputId="content-period"
              value={form.period}
              options={PERIOD_OPTIONS.map((p) => ({ label: String(p), value: p }))}
              showClear
              placeholder="Any"
              onChange={(e) => patch({ period: (e.value as number) ?? null })}
            />
          </Field>
        </div>
        <div className="content-form-row">
          <span className="switch-row">
            <Checkbox inputId="content-timed" checked={form.timed} onChange={(e) => patch({ timed: Boolean(e.checked) })} />
            <label htmlFor="content-timed">Timed</label>
          </span>
          {form.timed && (
            <>
              <Field id="content-before" label="Minutes before">
                <InputNumber
                  inputId="content-before"
                  value={form.before}
                  min={1}
                  max={10080}
                  useGrouping={false}
                  onValueChange={(e) => patch({ before: e.value ?? null })}
                />
              </Field>
              <Field id="content-contact" label="Contact">
                <Dropdown
                  {...dropdownNames('Contact')}
                  inputId="content-contact"
                  value={form.contactId}
                  options={tab.contacts.map((c) => ({ label: c.name, value: c.id }))}
                  filter
                  placeholder="Choose a contact"
                  onChange={(e) => patch({ contactId: (e.value as number) ?? null })}
                />
              </Field>
            </>
          )}
        </div>
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
