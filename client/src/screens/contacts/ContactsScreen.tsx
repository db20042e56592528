import { CHANNELS, type Contact } from '@odds/protocol';
import { Button } from 'primereact/button';
import { Link, useNavigate } from 'react-router-dom';
import { ConfirmDeleteButton } from '../../components/forms/ConfirmDeleteButton';
import { GenericTable, type TableColumn } from '../../components/table';
import { ChangeMark } from '../../components/marks/ChangeMark';
import { contactDestination } from './destination';
import { useContactsList, type ContactsList } from './useContactsList';
import './contacts.css';

const channelName = (contact: Contact) => contact.channel?.name ?? CHANNELS.find((c) => c.id === contact.channel_id)?.name ?? '';

function columns({ busy, toggleActive, remove, changedBy }: ContactsList): TableColumn<Contact>[] {
  return [
    { field: 'id', header: 'Id', sortable: true },
    {
      field: 'name',
      header: 'Name',
      sortable: true,
      body: (c) => (
        <>
          {c.name}
          <ChangeMark by={changedBy(c.id)} />
        </>
      ),
    },
    { field: 'channel', header: 'Channel', sortable: true, sortKey: 'channel_id', body: channelName },
    { field: 'destination', header: 'Destination', body: contactDestination, className: 'contact-destination' },
    // A contact the engine deactivated (its vendor said the recipient is gone) says why.
    { field: 'active', header: 'Active', sortable: true, body: (c) => (c.active ? 'Yes' : c.inactive_reason ? `No: ${c.inactive_reason}` : 'No') },
    {
      field: 'options',
      header: 'Options',
      body: (c) => (
        <span className="contact-options">
          <Link to={`/contacts/${c.id}/edit`} className="p-button p-button-text p-button-sm" aria-label={`Edit contact ${c.id}`}>
            Edit
          </Link>
          <Button
            type="button"
            label={c.active ? 'Deactivate' : 'Activate'}
            text
            size="small"
            aria-label={`${c.active ? 'Deactivate' : 'Activate'} contact ${c.id}`}
            disabled={busy === c.id}
            onClick={() => void toggleActive(c)}
          />
          <ConfirmDeleteButton label={`Delete contact ${c.id}`} disabled={busy === c.id} onConfirm={() => void remove(c)} />
        </span>
      ),
    },
  ];
}

/** /contacts: the provider's contacts with their channel, destination and state (SPEC §2). */
export default function ContactsScreen() {
  const contacts = useContactsList();
  const navigate = useNavigate();
  return (
    <section aria-labelledby="screen-title">
      <div className="contacts-toolbar">
        <h1 id="screen-title">Contacts</h1>
        <Button label="Add Contact" icon="pi pi-plus" onClick={() => void navigate('/contacts/edit')} />
      </div>
      <GenericTable list={contacts.list} label="Contacts" columns={columns(contacts)} emptyMessage="No contacts" />
    </section>
  );
}
