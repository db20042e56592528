import { InputSwitch } from 'primereact/inputswitch';
import { MultiSelect } from 'primereact/multiselect';
import { switchPt } from '../../components/forms/a11y';
import { Field, SwitchField } from '../../components/forms/Field';
import type { ContactFormState } from './useContactForm';

/** The contact's languages and its Active, Subscribe to All and Rate Limited switches. */
export function ContactSwitchFields({ form }: { form: ContactFormState }) {
  const { values, set } = form;
  return (
    <div className="form-grid contact-switches">
      <Field id="contact-languages" label="Languages">
        <MultiSelect
          inputId="contact-languages"
          options={form.languages}
          value={values.languages}
          display="chip"
          onChange={(e) => set('languages', e.value as string[])}
        />
      </Field>
      <SwitchField id="contact-active" title="Active" label="Contact is active">
        <InputSwitch pt={switchPt} inputId="contact-active" checked={values.active} onChange={(e) => set('active', !!e.value)} />
      </SwitchField>
      <SwitchField id="contact-sub-all" title="Subscribe to All" label="Subscribe contact to all matches and leagues">
        <InputSwitch pt={switchPt} inputId="contact-sub-all" checked={values.sub_all} onChange={(e) => set('sub_all', !!e.value)} />
      </SwitchField>
      <SwitchField id="contact-rate-limited" title="Rate Limited" label="Rate limiter on">
        <InputSwitch pt={switchPt} inputId="contact-rate-limited" checked={values.rate_limited} onChange={(e) => set('rate_limited', !!e.value)} />
      </SwitchField>
    </div>
  );
}
