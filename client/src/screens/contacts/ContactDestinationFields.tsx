import { InputText } from 'primereact/inputtext';
import { Field } from '../../components/forms/Field';
import type { DestinationField } from './contactForm';
import type { ContactFormState } from './useContactForm';

const LABELS: Record<DestinationField, string> = {
  email: 'Email',
  twitter: 'Twitter',
  device_id: 'Device Id',
  segment: 'Segment',
  list_id: 'List Id',
};

/**
 * Where the contact is reached, by channel (SPEC §2): email for EMAIL, twitter for TWITTER, device id,
 * segment and list id for PUSH, WHATSAPP and TELEGRAM. Segment and list id suggest the provider's.
 */
export function ContactDestinationFields({ form }: { form: ContactFormState }) {
  return (
    <>
      {form.destinations.map((field) => (
        <Field key={field} id={`contact-${field}`} label={LABELS[field]}>
          <InputText
            id={`contact-${field}`}
            type={field === 'email' ? 'email' : 'text'}
            value={form.values[field]}
            list={field === 'segment' ? 'contact-segments' : field === 'list_id' ? 'contact-lists' : undefined}
            autoComplete="off"
            onChange={(e) => form.set(field, e.target.value)}
          />
        </Field>
      ))}
      <datalist id="contact-segments">
        {form.segments.map((segment) => (
          <option key={segment.id} value={segment.id}>
            {segment.display_name}
          </option>
        ))}
      </datalist>
      <datalist id="contact-lists">
        {form.lists.map((list) => (
          <option key={list.id} value={list.id}>
            {list.name}
          </option>
        ))}
      </datalist>
    </>
  );
}
