import { routes, type UofLink } from '@odds/protocol';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useEffect, useState } from 'react';
import { api } from '../../api/client';

/**
 * The match's UOF event (`sr:match:10927088`): read with the header (again when the header
 * changes, as a link by another operator announces it), linked or unlinked here. A bad or taken
 * event, or a stale version, is answered by the API with the message the console shows.
 */
export function UofEventField({ matchId, headerVersion }: { matchId: number; headerVersion: number }) {
  const [link, setLink] = useState<UofLink | null>(null);
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    api(routes.matchUofLink, { params: { matchId }, signal: controller.signal, silent: true }).then((read) => {
      setLink(read);
      setDraft(read.event ?? '');
    }, () => undefined);
    return () => controller.abort();
  }, [matchId, headerVersion]);

  const save = async (event: string | null) => {
    setBusy(true);
    try {
      const saved = event === null
        ? await api(routes.matchUofLinkDelete, { params: { matchId } })
        : await api(routes.matchUofLinkSave, { params: { matchId }, body: { event, ...(link?.version ? { version: link.version } : {}) } });
      setLink(saved);
      setDraft(saved.event ?? '');
    } catch {
      // Shown by the console's error messages.
    } finally {
      setBusy(false);
    }
  };

  return (
    <span className="match-uof">
      <label htmlFor="match-uof-event">UOF event</label>
      <InputText id="match-uof-event" value={draft} placeholder="sr:match:…" className="p-inputtext-sm" maxLength={60} onChange={(e) => setDraft(e.target.value.trim())} />
      <Button type="button" label="Link" size="small" outlined disabled={busy || !draft || draft === link?.event} onClick={() => void save(draft)} />
      {link?.event ? <Button type="button" label="Unlink" size="small" text disabled={busy} onClick={() => void save(null)} /> : null}
    </span>
  );
}
