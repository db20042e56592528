import type { Match } from '@odds/protocol';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { MatchPicker } from '../../components/forms/MatchPicker';
import './copyFrom.css';

interface CopyFromDialogProps {
  /** The match being copied into (it cannot be its own source). */
  matchId: number;
  visible: boolean;
  onHide: () => void;
  copy: (from: Match) => Promise<boolean>;
}

/** 'Copy from another match' (SPEC §2): pick the source by id, teams or day, then copy its threshold sets and content here. */
export function CopyFromDialog({ matchId, visible, onHide, copy }: CopyFromDialogProps) {
  const [source, setSource] = useState<Match | null>(null);
  const [copying, setCopying] = useState(false);
  const itself = source?.id === matchId;
  const close = () => {
    setSource(null);
    onHide();
  };
  return (
    <Dialog
      header="Copy from another match"
      visible={visible}
      onHide={close}
      style={{ width: 'min(36rem, 95vw)' }}
      modal
      draggable={false}
      footer={
        <>
          <Button type="button" label="Cancel" text onClick={close} />
          <Button
            type="button"
            label="Copy"
            icon="pi pi-copy"
            loading={copying}
            disabled={!source || itself}
            onClick={() => {
              if (!source) return;
              setCopying(true);
              void copy(source).then((done) => {
                setCopying(false);
                if (done) close();
              });
            }}
          />
        </>
      }
    >
      <div className="copy-from-field">
        <label htmlFor="copy-from-match">Source match</label>
        <MatchPicker inputId="copy-from-match" value={source} onChange={setSource} autoFocus />
      </div>
      <p className="form-hint">
        {itself
          ? 'This is the match you are copying into: choose another one.'
          : source
            ? `Copies the threshold sets and content of ${source.name} to this match.`
            : 'Type a match id, its teams ("Netherlands - USA") or a day (YYYY-MM-DD), then choose it.'}
      </p>
    </Dialog>
  );
}
