import { formatOdds, LINE_OPTIONS, type BacktestReply, type Contact, type MatchMarket, type SavedThreshold } from '@odds/protocol';
import { dropdownNames } from '../../../components/forms/a11y';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { SelectButton } from 'primereact/selectbutton';
import { Field } from '../../../components/forms/Field';
import { ChangeMark } from '../../../components/marks/ChangeMark';
import { OutcomeFields } from './OutcomeFields';
import { emptyOutcome, formOf, type ThresholdForm } from './thresholdForm';

const MODES = [
  { label: 'Value', value: 'VALUE' },
  { label: 'Relative', value: 'RELATIVE' },
  { label: 'Range', value: 'RANGE' },
];

export interface ThresholdEditorProps {
  market: MatchMarket;
  form: ThresholdForm;
  patch: (change: Partial<ThresholdForm>) => void;
  contacts: readonly Contact[];
  templates: readonly SavedThreshold[];
  /** Who just saved or deleted a template of the provider (another console, or this one). */
  templateChangedBy?: string;
  isFeedContact: boolean;
  error: string | null;
  saving: boolean;
  onSave: () => void;
  onBacktest: () => void;
  backtest: BacktestReply | null;
  /** The set this editor opened was deleted meanwhile (by whom): saving waits for Recreate or Discard. */
  deletedBy?: string | null;
  onRecreate?: () => void;
  onDiscard?: () => void;
  /** The form left the set it opened for a slot with no set (another contact or line): what the new set starts from. */
  newSetNote?: string | null;
}

/** The threshold editor (SPEC §2/§3): modes Value, Relative, Range over the market's outcomes. */
export function ThresholdEditor(props: ThresholdEditorProps) {
  const { market, form, patch, contacts, templates, isFeedContact } = props;
  const ownTemplates = templates.filter((t) => t.market_id === market.id);
  const outcomeFields = (outcome: string) => form.outcomes[outcome] ?? emptyOutcome();
  return (
    <form
      className="threshold-editor"
      aria-label={`Thresholds of ${market.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        props.onSave();
      }}
    >
      {/* Focused (not tabbable) when a set is opened from the list. */}
      <h2 tabIndex={-1}>{market.name}</h2>
      {/* At the top of the editor, where the operator is looking (the buttons sit below the fold at 1440×900). */}
      {props.deletedBy !== undefined && props.deletedBy !== null && (
        <div className="deleted-while-open" role="alert">
          <p>This set was deleted by {props.deletedBy} while you had it open. Saving would create it again.</p>
          <Button type="button" label="Recreate it" size="small" onClick={props.onRecreate} />
          <Button type="button" label="Discard my edit" size="small" outlined onClick={props.onDiscard} />
        </div>
      )}
      <SelectButton
        value={form.type}
        options={MODES}
        allowEmpty={false}
        aria-label="Mode"
        onChange={(e) => patch({ type: e.value as ThresholdForm['type'] })}
      />
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
          <ChangeMark by={props.templateChangedBy} />
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
      {props.newSetNote && (
        <p className="threshold-new-set" role="status">
          {props.newSetNote}
        </p>
      )}
      <div className="threshold-outcomes">
        {market.type.outcomes.map((outcome) => (
          <OutcomeFields
            key={outcome}
            outcome={outcome}
            type={form.type}
            fields={outcomeFields(outcome)}
            withMinMax={isFeedContact}
            onChange={(change) => patch({ outcomes: { ...form.outcomes, [outcome]: { ...outcomeFields(outcome), ...change } } })}
          />
        ))}
      </div>
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
      {props.error && (
        <p className="form-error" role="alert">
          {props.error}
        </p>
      )}
      <div className="threshold-actions">
        <Button type="submit" label="Save" icon="pi pi-check" loading={props.saving} disabled={!!props.deletedBy} />
        <Button type="button" label="Backtest" icon="pi pi-history" outlined onClick={props.onBacktest} />
      </div>
      {props.backtest && <BacktestResult reply={props.backtest} />}
    </form>
  );
}

function BacktestResult({ reply }: { reply: BacktestReply }) {
  return (
    <section className="threshold-backtest" aria-label="Backtest result">
      <p>
        Over {reply.offers} offers so far: {reply.firings.length} firings, {reply.deliveries.length} deliveries, {reply.suppressions.length} held back.
      </p>
      {reply.firings.length > 0 && (
        <ul>
          {reply.firings.slice(0, 50).map((f, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list of one reply, drawn whole and replaced whole: its items have no id (the same text may come twice) and never move
            <li key={i}>
              {f.match_time === null ? 'PREMATCH' : `${Math.floor(f.match_time / 60)}'`} {f.score}: {f.outcomes.join(', ')} at{' '}
              {Object.entries(f.odds)
                .map(([k, v]) => `${k} ${formatOdds(v)}`)
                .join(', ')}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
