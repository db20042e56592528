import type { Tracker } from '@odds/protocol';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { dropdownNames } from '../../components/forms/a11y';
import { Field } from '../../components/forms/Field';
import { MATCH_STATES, MODEL_TYPES } from './format';
import { TrackerMatchField } from './TrackerMatchField';
import type { useTrackerForm } from './useTrackerForm';

type TrackerForm = ReturnType<typeof useTrackerForm>;
/** The form's state, with the tracker it has loaded. */
interface FieldProps {
  form: TrackerForm;
  tracker: Tracker;
}

/** A new tracker's contact, chosen among the provider's. */
export function TrackerContactField({ form: { patch }, tracker, contactOptions }: FieldProps & { contactOptions: { label: string; value: number }[] }) {
  return (
    <Field id="tracker-contact" label="Contact">
      <Dropdown
        {...dropdownNames('Contact')}
        inputId="tracker-contact"
        value={tracker.contact_id || null}
        options={contactOptions}
        filter
        placeholder="Choose a contact"
        onChange={(e) => patch({ contact_id: e.value as number })}
      />
    </Field>
  );
}

/** What the tracker follows: a match (picked by id, teams or day) or a league (by id). */
export function TrackerModelFields({ form: { patch }, tracker }: FieldProps) {
  return (
    <>
      <Field id="tracker-model-type" label="Type">
        <Dropdown
          {...dropdownNames('Type')}
          inputId="tracker-model-type"
          value={tracker.model_type}
          options={[...MODEL_TYPES]}
          onChange={(e) => patch({ model_type: e.value as 'M' | 'L' })}
        />
      </Field>
      <Field id="tracker-model-id" label={tracker.model_type === 'M' ? 'Match Id' : 'League Id'}>
        {tracker.model_type === 'M' ? (
          <TrackerMatchField inputId="tracker-model-id" matchId={tracker.model_id} onChange={(id) => patch({ model_id: id })} />
        ) : (
          <InputNumber
            inputId="tracker-model-id"
            value={tracker.model_id || null}
            min={1}
            useGrouping={false}
            onValueChange={(e) => e.value && patch({ model_id: e.value })}
          />
        )}
      </Field>
    </>
  );
}

/** The minimum score, a whole percentage, checked when the field is left. */
export function TrackerMinScoreField({ form }: { form: TrackerForm }) {
  return (
    <Field id="tracker-min-score" label="Minimum score (%)" hint="A whole percentage, 0 to 100">
      <InputText
        id="tracker-min-score"
        value={form.minScore}
        inputMode="numeric"
        aria-describedby={form.minScoreError ? 'tracker-min-score-error' : 'tracker-min-score-hint'}
        aria-invalid={form.minScoreError ? true : undefined}
        className={form.minScoreError ? 'p-invalid' : undefined}
        onChange={(e) => form.setMinScore(e.target.value)}
        onBlur={form.checkMinScore}
      />
      {form.minScoreError && (
        <small id="tracker-min-score-error" className="form-error" role="alert">
          {form.minScoreError}
        </small>
      )}
    </Field>
  );
}

/** The match states the tracker delivers in. */
export function TrackerStatesField({ form: { patchSpec }, tracker }: FieldProps) {
  return (
    <fieldset className="checks">
      <legend>State</legend>
      {MATCH_STATES.map((state) => (
        <span key={state.value}>
          <Checkbox
            inputId={`tracker-state-${state.value}`}
            checked={tracker.spec.match_state.includes(state.value)}
            onChange={(e) =>
              patchSpec({
                match_state: e.checked ? [...tracker.spec.match_state, state.value] : tracker.spec.match_state.filter((s) => s !== state.value),
              })
            }
          />
          <label htmlFor={`tracker-state-${state.value}`}>{state.label}</label>
        </span>
      ))}
    </fieldset>
  );
}
