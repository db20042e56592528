import { CHANNELS } from '@odds/protocol';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Field } from '../../components/forms/Field';
import { SearchPicker } from '../../components/forms/SearchPicker';
import { ContactDestinationFields } from './ContactDestinationFields';
import { ContactComplianceFields } from './ContactComplianceFields';
import { ContactLimiterFields } from './ContactLimiterFields';
import { ContactSwitchFields } from './ContactSwitchFields';
import type { ContactFormState } from './useContactForm';
import { dropdownNames } from '../../components/forms/a11y';

const CHANNEL_OPTIONS = CHANNELS.map((channel) => ({ value: channel.id, label: channel.name }));

/** The contact form of SPEC §2, a thin view over useContactForm. */
export function ContactForm({ form }: { form: ContactFormState }) {
  const { values, set } = form;
  const sports = (form.provider?.sports ?? []).map((sport) => ({ value: sport.id, label: sport.name }));
  return (
    <form
      className="contact-form"
      aria-label="Contact"
      onSubmit={(e) => {
        e.preventDefault();
        void form.save();
      }}
    >
      <div className="form-grid">
        <Field id="contact-channel" label="Channel">
          <Dropdown
            {...dropdownNames('Channel')}
            inputId="contact-channel"
            options={CHANNEL_OPTIONS}
            value={values.channel_id}
            onChange={(e) => set('channel_id', e.value as number)}
          />
        </Field>
        <Field id="contact-sport" label="Sport">
          <Dropdown
            {...dropdownNames('Sport')}
            inputId="contact-sport"
            options={sports}
            value={values.sport_id}
            onChange={(e) => set('sport_id', e.value as number)}
          />
        </Field>
        <Field id="contact-name" label="Name">
          <InputText id="contact-name" value={values.name} required onChange={(e) => set('name', e.target.value)} />
        </Field>
        <ContactDestinationFields form={form} />
      </div>

      <div className="form-grid raw-filter-row">
        <Field id="contact-raw-filter" label="Raw Filter" className="raw-filter">
          <InputTextarea id="contact-raw-filter" rows={5} value={values.raw_filter} onChange={(e) => set('raw_filter', e.target.value)} />
        </Field>
        <div className="form-field">
          <span className="form-field-title" id="contact-lists-title">
            Available lists
          </span>
          <ul className="available-lists" aria-labelledby="contact-lists-title">
            {form.lists.map((list) => (
              <li key={list.id}>{`${list.id} : ${list.name}`}</li>
            ))}
            {!form.lists.length && <li className="form-hint">No lists</li>}
          </ul>
        </div>
      </div>

      <ContactSwitchFields form={form} />

      {values.rate_limited && <ContactLimiterFields form={form} />}

      <ContactComplianceFields form={form} />

      <section className="form-section" aria-labelledby="contact-subscriptions-title">
        <h2 id="contact-subscriptions-title">Subscriptions</h2>
        <div className="form-grid">
          <Field id="contact-leagues" label="Leagues">
            <SearchPicker inputId="contact-leagues" type="leagues" sportId={values.sport_id} value={values.leagues} onChange={(v) => set('leagues', v)} />
          </Field>
          <Field id="contact-teams" label="Teams">
            <SearchPicker inputId="contact-teams" type="teams" sportId={values.sport_id} value={values.teams} onChange={(v) => set('teams', v)} />
          </Field>
        </div>
      </section>

      <div className="form-actions">
        <Button type="submit" label="Save" icon="pi pi-check" loading={form.saving} />
      </div>
    </form>
  );
}
