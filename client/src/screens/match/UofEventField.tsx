import { routes, type UofLink } from '@odds/protocol';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { api } from '../../api/client';
import { apiKey, queryClient, useApiQuery } from '../../api/queries';

/**
 * The match's UOF event (`sr:match:10927088`): read with the header through the query cache (again
 * when the header changes, as a link by another operator announces it), linked or unlinked here. A bad or taken
 * event, or a stale version, is answered by the API with the message the console shows.
 */
export function UofEventField({ matchId }: { matchId: number }) {
  const link: UofLink | null = useApiQuery(routes.matchUofLink, { params: { matchId }, silent: true }).data ?? null;
  // What the operator typed; null while they have typed nothing since the last save, when the field
  // shows the event as read (so an answer arriving after the first keystroke never wipes it).
  const [typed, setTyped] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const draft = typed ?? link?.event ?? '';

  const save = async (event: string | null) => {
    setBusy(true);
    try {
      const saved =
        event === null
          ? await api(routes.matchUofLinkDelete, { params: { matchId } })
          : await api(routes.matchUofLinkSave, { params: { matchId }, body: { event, ...(link?.version ? { version: link.version } : {}) } });
      queryClient.setQueryData(apiKey(routes.matchUofLink, { matchId }, null), saved);
      setTyped(null);
    } catch {
      // Shown by the console's error messages.
    } finally {
      setBusy(false);
    }
  };

  return (
    <span className="match-uof">
      <label htmlFor="match-uof-event">UOF event</label>
      <InputText
        id="match-uof-event"
        value={draft}
        placeholder="sr:match:…"
        className="p-inputtext-sm"
        maxLength={60}
        onChange={(e) => setTyped(e.target.value.trim())}
      />
      <Button type="button" label="Link" size="small" outlined disabled={busy || !draft || draft === link?.event} onClick={() => void save(draft)} />
      {link?.event ? <Button type="button" label="Unlink" size="small" text disabled={busy} onClick={() => void save(null)} /> : null}
    </span>
  );
}
