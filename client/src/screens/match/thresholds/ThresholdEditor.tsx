import { formatOdds, type BacktestReply } from '@odds/protocol';
import { Button } from 'primereact/button';
import { SelectButton } from 'primereact/selectbutton';
import { OutcomeFields } from './OutcomeFields';
import { emptyOutcome, type ThresholdForm } from './thresholdForm';
import type { ThresholdEditorProps } from './thresholdEditorProps';
import { SaveAsTemplateRow, ThresholdChoiceRow } from './ThresholdEditorRows';

const MODES = [
  { label: 'Value', value: 'VALUE' },
  { label: 'Relative', value: 'RELATIVE' },
  { label: 'Range', value: 'RANGE' },
];

/** The threshold editor (SPEC §2/§3): modes Value, Relative, Range over the market's outcomes. */
export function ThresholdEditor(props: ThresholdEditorProps) {
  const { market, form, patch, isFeedContact } = props;
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
      <ThresholdChoiceRow {...props} />
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
      <SaveAsTemplateRow form={form} patch={patch} />
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
