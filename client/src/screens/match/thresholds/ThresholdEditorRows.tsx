import { LINE_OPTIONS } from '@odds/protocol';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { dropdownNames } from '../../../components/forms/a11y';
import { Field } from '../../../components/forms/Field';
import { ChangeMark } from '../../../components/marks/ChangeMark';
import { formOf } from './thresholdForm';
import type { ThresholdEditorProps } from './thresholdEditorProps';

/** The editor's first row: a saved threshold to load, the contact, how long before kick-off, and the line where the market has one. */
export function ThresholdChoiceRow({
  market,
  form,
  patch,
  contacts,
  templates,
  templateChangedBy,
}: Pick<ThresholdEditorProps, 'market' | 'form' | 'patch' | 'contacts' | 'templates' | 'templateChangedBy'>) {
  const ownTemplates = templates.filter((t) => t.market_id === market.id);
  return (
    <div className="threshold-row">
      <Field id="threshold-template" label="Saved threshold">
        <Dropdown
          {...dropdownNames('Saved threshold')}
          inputId="threshold-template"
          value={null}
          options={ownTemplates.map((t) => ({ label: `${t.name ?? `#${t.id}`} (${t.type}${t.is_default ? ', default' : ''})`, value: t.id }))}
          placeholder={ownTemplates.length ? 'Load a saved threshold' : 'None saved'}
          disabled={ownTemplates.length === 0}
          onChange={(e) => {
            const chosen = ownTemplates.find((t) => t.id === e.value);
            if (chosen) patch(formOf(chosen));
          }}
        />
        <ChangeMark by={templateChangedBy} />
      </Field>
      <Field id="threshold-contact" label="Contact">
        <Dropdown
          {...dropdownNames('Contact')}
          inputId="threshold-contact"
          value={form.contactId}
          options={contacts.map((c) => ({ label: `${c.name} (${c.channel?.name ?? c.channel_id})`, value: c.id }))}
          showClear
          filter
          placeholder="Any contact"
          onChange={(e) => patch({ contactId: (e.value as number | undefined) ?? null })}
        />
      </Field>
      <Field id="threshold-timed" label="Timed before (minutes)" hint="Before kick-off only; empty: always">
        <InputText
          id="threshold-timed"
          aria-describedby="threshold-timed-hint"
          inputMode="numeric"
          className="threshold-timed"
          value={form.timedBefore ?? ''}
          placeholder="Always"
          onChange={(e) => patch({ timedBefore: e.target.value })}
        />
      </Field>
      {market.helper_args.dynamic_line && (
        <Field id="threshold-line" label="Line">
          <Dropdown
            {...dropdownNames('Line')}
            inputId="threshold-line"
            value={form.line}
            options={LINE_OPTIONS as never[]}
            showClear
            placeholder="No line"
            onChange={(e) => patch({ line: (e.value as number | undefined) ?? null })}
          />
        </Field>
      )}
    </div>
  );
}

/** Saving the set as a template of the market too, by name, and as its default. */
export function SaveAsTemplateRow({ form, patch }: Pick<ThresholdEditorProps, 'form' | 'patch'>) {
  return (
    <div className="threshold-row">
      <Field id="threshold-template-name" label="Save as template">
        <InputText
          id="threshold-template-name"
          value={form.saveAsTemplate}
          placeholder="Template name"
          onChange={(e) => patch({ saveAsTemplate: e.target.value })}
        />
      </Field>
      <span className="switch-row">
        <Checkbox
          inputId="threshold-template-default"
          checked={form.saveAsTemplateDefault}
          onChange={(e) => patch({ saveAsTemplateDefault: Boolean(e.checked) })}
        />
        <label htmlFor="threshold-template-default">Default template of the market</label>
      </span>
    </div>
  );
}
