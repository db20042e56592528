import type { MatchThresholdSet } from '@odds/protocol';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ConflictDialog } from '../../../components/conflict';
import { TabTitle } from '../../../components/match/TabTitle';
import { ThresholdEditor } from './ThresholdEditor';
import { describe, ThresholdMarketList } from './ThresholdMarketList';
import { thresholdFormat } from './replace';
import { useThresholdsTab, type ThresholdsTabState } from './useThresholdsTab';
import { editingNow } from '../../../live/useDeletedBy';
import './thresholds.css';

/** What 'Delete all' removes, and who would lose an edit in progress: 'All 3 threshold sets of this match go. Ana is editing one.' */
function deleteAllText(count: number, editors: readonly string[]): string {
  const what = count === 1 ? 'The 1 threshold set of this match goes.' : `All ${count} threshold sets of this match go.`;
  return `${what} ${editingNow(editors, 'thresholds')}`.trim();
}

/** A delete's question: 'Are you sure?', what goes and who would lose an edit; Yes deletes, No or closing keeps it. */
function AreYouSure({ header, visible, onClose, onYes, children }: { header: string; visible: boolean; onClose(): void; onYes(): void; children: ReactNode }) {
  return (
    <Dialog
      header={header}
      visible={visible}
      onHide={onClose}
      style={{ width: '360px' }}
      footer={
        <>
          <Button type="button" label="No" text onClick={onClose} />
          <Button
            type="button"
            label="Yes"
            severity="danger"
            onClick={() => {
              onClose();
              onYes();
            }}
          />
        </>
      }
    >
      <p>Are you sure?</p>
      {children}
    </Dialog>
  );
}

/**
 * Opening a market or a set from the list moves the focus into the editor, on its first threshold
 * field with the value selected (typing replaces it, Enter saves): a keyboard user no longer tabs
 * past every other set and the editor's header fields to reach them (Shift+Tab goes back to those).
 */
function useOpenInEditor<A extends unknown[]>(edit: (...args: A) => void) {
  const editor = useRef<HTMLDivElement | null>(null);
  const [opened, setOpened] = useState(0);
  useEffect(() => {
    if (!opened) return;
    const field = editor.current?.querySelector<HTMLElement>('.threshold-outcomes input') ?? editor.current?.querySelector<HTMLElement>('h2');
    field?.focus();
    if (field instanceof HTMLInputElement && field.type === 'text') field.select();
  }, [opened]);
  return {
    editor,
    edit: (...args: A) => {
      edit(...args);
      setOpened((n) => n + 1);
    },
  };
}

/** /match/{matchId}/thresholds: markets with their threshold sets, and the editor. */
export default function ThresholdsTab() {
  const tab = useThresholdsTab();
  const [confirming, setConfirming] = useState(false);
  /** The set whose own delete is being asked about. */
  const [removing, setRemoving] = useState<MatchThresholdSet | null>(null);
  const open = useOpenInEditor(tab.edit);
  return (
    <section aria-labelledby="screen-title" className="thresholds-tab">
      <TabTitle id="screen-title" tab="thresholds" />
      <div className="thresholds-markets">
        <ThresholdsToolbar tab={tab} onDeleteAll={() => setConfirming(true)} />
        {tab.noneActive && !tab.showAll && (
          <p className="thresholds-none-active">No markets with content yet: every market is listed, and the first is open in the editor.</p>
        )}
        {tab.loading && tab.shown.length === 0 ? (
          <p>Loading...</p>
        ) : tab.shown.length === 0 ? (
          <p>This match has no markets.</p>
        ) : (
          <ThresholdMarketList tab={tab} onOpen={open.edit} onDelete={setRemoving} />
        )}
      </div>
      <div className="thresholds-editor" ref={open.editor}>
        {tab.market ? (
          <ThresholdEditor
            market={tab.market}
            form={tab.form}
            patch={tab.patch}
            contacts={tab.contacts}
            templates={tab.templates}
            templateChangedBy={tab.templateChangedBy}
            isFeedContact={tab.isFeedContact}
            error={tab.error}
            saving={tab.saving}
            onSave={() => void tab.save()}
            onBacktest={() => void tab.runBacktest()}
            backtest={tab.backtest}
            deletedBy={tab.deletedBy}
            onRecreate={tab.recreate}
            onDiscard={tab.discard}
            newSetNote={tab.newSetNote}
          />
        ) : (
          <p>Choose a market to set its thresholds.</p>
        )}
      </div>
      <ConflictDialog state={tab.conflict} what="This threshold set" format={thresholdFormat(tab.conflict?.mine)} />
      <AreYouSure header="Delete all" visible={confirming} onClose={() => setConfirming(false)} onYes={() => void tab.deleteAll()}>
        <p>{deleteAllText(tab.sets.length, tab.otherEditors)}</p>
      </AreYouSure>
      <AreYouSure
        header="Delete threshold set"
        visible={removing !== null}
        onClose={() => setRemoving(null)}
        onYes={() => removing && void tab.deleteOne(removing)}
      >
        {removing && <p className="threshold-delete-what">{describe(removing)}</p>}
        {tab.otherEditors.length > 0 && <p>{editingNow(tab.otherEditors, 'thresholds')}</p>}
      </AreYouSure>
    </section>
  );
}

/** Show All / Active Markets, and 'Delete all' (asked first). */
function ThresholdsToolbar({ tab, onDeleteAll }: { tab: ThresholdsTabState; onDeleteAll: () => void }) {
  return (
    <div className="thresholds-toolbar">
      <Button
        type="button"
        label={tab.showAll ? 'Show Active Markets' : 'Show All Markets'}
        outlined
        size="small"
        disabled={tab.noneActive}
        onClick={tab.toggleAll}
      />
      <Button
        type="button"
        label="Delete all"
        severity="danger"
        className="danger-strong"
        size="small"
        disabled={tab.sets.length === 0}
        onClick={onDeleteAll}
      />
    </div>
  );
}
