import { CHANNELS, leafNodeOptions, PERIOD_OPTIONS, subNodeOptions } from '@odds/protocol';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { dropdownNames } from '../../../components/forms/a11y';
import { Field } from '../../../components/forms/Field';
import { languageOptions } from '../../../components/forms/languages';
import type { ContentTab } from './useContentTab';

const list = (values: readonly string[]) => values.map((v) => ({ label: v, value: v }));

/** A part of the score node (sub or leaf node), any when cleared: shown only where the sport has some. */
function NodePartField(props: { id: string; label: string; value: string | null; options: readonly string[]; onChange: (value: string | null) => void }) {
  if (!props.options.length) return null;
  return (
    <Field id={props.id} label={props.label}>
      <Dropdown
        {...dropdownNames(props.label)}
        inputId={props.id}
        value={props.value}
        options={list(props.options)}
        showClear
        placeholder="Any"
        onChange={(e) => props.onChange((e.value as string) ?? null)}
      />
    </Field>
  );
}

/** The content form's first row: which market, channel and language the record is for. */
export function ContentTargetRow({ tab }: { tab: ContentTab }) {
  const { form, patch } = tab;
  return (
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
  );
}

/** The content form's score row: score, sub and leaf node (where the sport has them), period. */
export function ContentScoreRow({ tab }: { tab: ContentTab }) {
  const { form, patch } = tab;
  const subNodes = subNodeOptions(tab.scores);
  const leafNodes = leafNodeOptions(tab.scores);
  return (
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
      <NodePartField id="content-sub-node" label="Sub node" value={form.subNode} options={subNodes} onChange={(subNode) => patch({ subNode })} />
      <NodePartField id="content-leaf-node" label="Leaf node" value={form.leafNode} options={leafNodes} onChange={(leafNode) => patch({ leafNode })} />
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
  );
}

/** The content form's timing row: Timed, and when on, the minutes before and the contact. */
export function ContentTimingRow({ tab }: { tab: ContentTab }) {
  const { form, patch } = tab;
  return (
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
  );
}
