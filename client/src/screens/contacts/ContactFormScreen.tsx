import { useParams } from 'react-router-dom';
import { ConflictDialog, fieldLabel } from '../../components/conflict';
import { Loading } from '../../components/loading/Loading';
import { EntityHistory } from '../../components/history/EntityHistory';
import { NotFound } from '../../components/not-found/NotFound';
import { ContactForm } from './ContactForm';
import { contactFieldLabel } from './contactForm';
import { useContactForm } from './useContactForm';
import { useSubscriptionNames } from './useSubscriptionNames';
import './contacts.css';

const ID = /^[1-9]\d{0,9}$/;

/** /contacts/edit (create) and /contacts/{contactId}/edit. */
export default function ContactFormScreen() {
  const { contactId } = useParams();
  if (contactId !== undefined && !ID.test(contactId)) return <NotFound />;
  const id = contactId === undefined ? undefined : Number(contactId);
  // A new key per contact: going from one contact to another starts a fresh form.
  return <ContactEditor key={id ?? 'new'} contactId={id} />;
}

const label = (field: string) => contactFieldLabel(field, fieldLabel);

function ContactEditor({ contactId }: { contactId: number | undefined }) {
  const form = useContactForm(contactId);
  const subscriptions = useSubscriptionNames();
  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title">
        {contactId ? 'Edit Contact' : 'Create Contact'}
        {form.contactName && <span className="contact-title-name"> {form.contactName}</span>}
      </h1>
      {contactId && (
        <div className="edit-screen-tools">
          <EntityHistory entity="contact" id={contactId} name="contact" reading={subscriptions.reading} onEntries={subscriptions.load} />
        </div>
      )}
      {form.status === 'loading' && <Loading />}
      {form.status === 'ready' && <ContactForm form={form} />}
      <ConflictDialog state={form.conflict} what="This contact" label={label} />
    </section>
  );
}
