import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Field } from '../../components/forms/Field';
import { dropdownNames } from '../../components/forms/a11y';
import { CONSENT_OPTIONS, type ComplianceFormValues } from './complianceForm';
import type { ContactFormState } from './useContactForm';

const TEXTS: [keyof ComplianceFormValues, string, string][] = [
  ['customer_ref', 'Customer reference', 'the sportsbook’s customer id'],
  ['jurisdiction', 'Jurisdiction', 'GB, US-NJ, CA-ON'],
  ['time_zone', 'Time zone', 'Europe/London'],
  ['quiet_start', 'Quiet hours from', 'jurisdiction default (e.g. 22:00)'],
  ['quiet_end', 'Quiet hours until', '08:00'],
];

/** Who the contact is for compliance (docs/compliance.md): a person's customer reference and consent; a jurisdiction and time zone for any. */
export function ContactComplianceFields({ form }: { form: ContactFormState }) {
  const values = form.values.compliance;
  const change = (patch: Partial<ComplianceFormValues>) => form.set('compliance', { ...values, ...patch });
  return (
    <section className="form-section" aria-labelledby="contact-compliance-title">
      <h2 id="contact-compliance-title">Compliance</h2>
      <div className="form-grid">
        {TEXTS.map(([key, label, placeholder]) => (
          <Field key={key} id={`contact-${key}`} label={label}>
            <InputText id={`contact-${key}`} value={values[key] as string} placeholder={placeholder} onChange={(e) => change({ [key]: e.target.value })} />
          </Field>
        ))}
        <Field id="contact-consent" label="Marketing consent (this channel)">
          <Dropdown
            {...dropdownNames('Marketing consent')}
            inputId="contact-consent"
            options={CONSENT_OPTIONS}
            value={values.consent}
            onChange={(e) => change({ consent: e.value as ComplianceFormValues['consent'] })}
          />
        </Field>
      </div>
    </section>
  );
}
