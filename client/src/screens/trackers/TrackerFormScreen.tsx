import { routes, type Tracker } from '@odds/protocol';
import { useMemo } from 'react';
import { useApiQuery } from '../../api/queries';
import { ConflictDialog } from '../../components/conflict';
import { dropdownNames, switchPt } from '../../components/forms/a11y';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputSwitch } from 'primereact/inputswitch';
import { MultiSelect } from 'primereact/multiselect';
import { Link, useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { Field, SwitchField } from '../../components/forms/Field';
import { languageOptions } from '../../components/forms/languages';
import { useChangedSinceLoad, useEditingPresence } from '../../live/useEditingPresence';
import { contextStore } from '../../stores/context';
import { THRESHOLD_TYPES, thresholdTypes } from './format';
import { TrackerContactField, TrackerMinScoreField, TrackerModelFields, TrackerStatesField } from './TrackerFormFields';
import { useTrackerForm } from './useTrackerForm';
import './trackers.css';

/** The provider's contacts to choose a new tracker's contact from. */
function useContactOptions(providerId: number, wanted: boolean) {
  const contacts = useApiQuery(routes.contacts, { query: { provider: providerId, limit: 1000 } }, { enabled: wanted });
  return useMemo(() => (contacts.data?.items ?? []).map((c) => ({ label: c.name, value: c.id })), [contacts.data]);
}

/**
 * /tracker/{id}/: edit a tracker's language, what it follows, threshold types, minimum score, states,
 * active; /tracker/new/: the same for a new tracker, with its contact.
 */
export default function TrackerFormScreen() {
  const param = useParams().id;
  const trackerId = param === 'new' ? null : Number(param);
  const form = useTrackerForm(trackerId);
  const { tracker, patch, patchSpec, saving, save } = form;
  // A tracker of a match, changed since it loaded: that match's watchers see this operator editing Trackers.
  const trackerDirty = useChangedSinceLoad({ tracker, minScore: form.minScore }, tracker !== null);
  useEditingPresence(trackerId !== null && tracker?.model_type === 'M' ? tracker.model_id : 0, 'trackers', trackerDirty);
  const context = useSnapshot(contextStore);
  const provider = context.providers.find((p) => p.id === context.providerId);
  const contactOptions = useContactOptions(context.providerId, trackerId === null);
  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title">{trackerId === null ? 'New tracker' : `Tracker ${trackerId}`}</h1>
      {!tracker ? (
        <p>Loading...</p>
      ) : (
        <form
          className="tracker-form"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          {trackerId === null ? <TrackerContactField form={form} tracker={tracker} contactOptions={contactOptions} /> : <p>Contact: {tracker.contact.name}</p>}
          <Field id="tracker-language" label="Language">
            <Dropdown
              {...dropdownNames('Language')}
              inputId="tracker-language"
              value={tracker.language}
              options={languageOptions(provider?.meta.languages ?? ['en'], [tracker.language])}
              onChange={(e) => patch({ language: e.value as Tracker['language'] })}
            />
          </Field>
          <TrackerModelFields form={form} tracker={tracker} />
          <Field id="tracker-threshold-types" label="Threshold Type">
            <MultiSelect
              inputId="tracker-threshold-types"
              value={thresholdTypes(tracker.spec)}
              options={THRESHOLD_TYPES.map((t) => ({ label: t, value: t }))}
              onChange={(e) => {
                const chosen = e.value as (typeof THRESHOLD_TYPES)[number][];
                if (chosen.length > 0) patchSpec({ thresholds_type: chosen.length === 1 ? chosen[0]! : chosen });
              }}
            />
          </Field>
          <TrackerMinScoreField form={form} />
          <TrackerStatesField form={form} tracker={tracker} />
          <SwitchField id="tracker-active" title="Active" label="Deliver content for this tracker">
            <InputSwitch pt={switchPt} inputId="tracker-active" checked={tracker.active} onChange={(e) => patch({ active: Boolean(e.value) })} />
          </SwitchField>
          <div className="tracker-form-actions">
            <Button
              type="submit"
              label={trackerId === null ? 'Create' : 'Save'}
              icon="pi pi-check"
              loading={saving}
              disabled={trackerId === null && (!tracker.contact_id || !tracker.model_id)}
            />
            <Link to="/trackers" className="p-button p-button-text">
              Cancel
            </Link>
          </div>
        </form>
      )}
      <ConflictDialog state={form.conflict} what="This tracker" />
    </section>
  );
}
