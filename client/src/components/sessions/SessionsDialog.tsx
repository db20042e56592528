import type { OperatorSession } from '@odds/protocol';
import { Dialog } from 'primereact/dialog';
import { ConfirmDeleteButton } from '../confirm';
import { GenericTable, type TableColumn } from '../table';
import { formatDateTime } from '../../lib/format';
import { browserOf, useSessions, type SessionsOf } from './useSessions';
import './sessions.css';

interface SessionsDialogProps {
  of: SessionsOf;
  visible: boolean;
  onHide: () => void;
}

/**
 * "Sessions": where and when an operator is signed in, and the ending of one (its consoles ask to
 * sign in again at once). Mine from the settings menu; an operator's from the Operators screen.
 */
export function SessionsDialog({ of, visible, onHide }: SessionsDialogProps) {
  return (
    <Dialog
      visible={visible}
      onHide={onHide}
      modal
      header={of.kind === 'mine' ? 'My sessions' : `Sessions of ${of.name}`}
      style={{ width: 'min(56rem, 96vw)' }}
    >
      {visible ? <SessionsTable of={of} /> : null}
    </Dialog>
  );
}

function SessionsTable({ of }: { of: SessionsOf }) {
  const { list, end, ending } = useSessions(of);
  const columns: TableColumn<OperatorSession>[] = [
    {
      field: 'user_agent',
      header: 'Browser',
      body: (s) => (
        <span title={s.user_agent ?? undefined}>
          {browserOf(s.user_agent)} {s.current ? <span className="session-current">This session</span> : null}
        </span>
      ),
    },
    { field: 'address', header: 'Address', body: (s) => s.address ?? 'Unknown' },
    { field: 'created_at', header: 'Signed in', className: 'session-time', body: (s) => formatDateTime(s.created_at) },
    { field: 'last_seen_at', header: 'Last seen', className: 'session-time', body: (s) => formatDateTime(s.last_seen_at) },
    { field: 'expires_at', header: 'Expires', className: 'session-time', body: (s) => formatDateTime(s.expires_at) },
    {
      field: 'actions',
      header: 'End',
      body: (s) => (
        <ConfirmDeleteButton
          label={s.current ? 'End this session (sign out here)' : `End the session of ${browserOf(s.user_agent)} from ${s.address ?? 'an unknown address'}`}
          disabled={ending === s.id}
          onConfirm={() => void end(s)}
        />
      ),
    },
  ];
  return <GenericTable list={list} columns={columns} label="Sessions" emptyMessage="No sessions" paginator={false} />;
}
