import { formatLine, formatOdds, type MatchThresholdSet } from '@odds/protocol';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useEffect, useRef, useState } from 'react';
import { ConflictDialog } from '../../../components/conflict';
import { ChangeMark } from '../ChangeMark';
import { TabTitle } from '../TabTitle';
import { ThresholdEditor } from './ThresholdEditor';
import { relativeSummary } from './thresholdSummary';
import { thresholdFormat } from './replace';
import { useThresholdsTab } from './useThresholdsTab';
import './thresholds.css';

/** A set in one line: its type, contact, line and thresholds per outcome. */
function describe(set: MatchThresholdSet): string {
  const parts = Object.entries(set.thresholds).map(([outcome, t]) => {
    const v = t as Record<string, unknown>;
    if (set.type === 'VALUE') return `${outcome} ${formatOdds(v.value as number)}`;
    if (set.type === 'RANGE') return `${outcome} ${formatOdds(v.from as number)}–${formatOdds(v.to as number)}`;
    return relativeSummary(outcome, v);
  });
  return [set.type, set.contact?.name ?? 'any contact', set.line === null ? null : `line ${formatLine(set.line)}`, parts.join(', ')]
    .filter(Boolean)
    .join(' · ');
}

/** What 'Delete all' removes, and who would lose an edit in progress: 'All 3 threshold sets of this match go. Ana is editing one.' */
function deleteAllText(count: number, editors: readonly string[]): string {
  const what = count === 1 ? 'The 1 threshold set of this match goes.' : `All ${count} threshold sets of this match go.`;
  if (editors.length === 0) return what;
  const who = editors.length === 1 ? editors[0] : `${editors.slice(0, -1).join(', ')} and ${editors.at(-1)}`;
  return `${what} ${who} ${editors.length === 1 ? 'is' : 'are'} editing thresholds now.`;
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
  const open = useOpenInEditor(tab.edit);
  return (
    <section aria-labelledby="screen-title" className="thresholds-tab">
      <TabTitle id="screen-title" tab="thresholds" />
      <div className="thresholds-markets">
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
            onClick={() => setConfirming(true)}
          />
        </div>
        {tab.noneActive && !tab.showAll && (
          <p className="thresholds-none-active">No markets with content yet: every market is listed, and the first is open in the editor.</p>
        )}
        {tab.loading && tab.shown.length === 0 ? (
          <p>Loading...</p>
        ) : tab.shown.length === 0 ? (
          <p>This match has no markets.</p>
        ) : (
          <ul className="thresholds-market-list" aria-label="Markets">
            {tab.shown.map((market) => (
              <li key={market.id}>
                <Button
                  type="button"
                  label={market.name}
                  text
                  className={tab.market?.id === market.id ? 'threshold-market-current' : undefined}
                  aria-pressed={tab.market?.id === market.id}
                  onClick={() => open.edit(market.id)}
                />
                <ChangeMark by={tab.marketChangedBy(market.id)} />
                <ul className="thresholds-sets" aria-label={`Threshold sets of ${market.name}`}>
                  {tab.sets
                    .filter((set) => set.market_id === market.id)
                    .map((set) => (
                      <li key={set.id}>
                        <button type="button" className="threshold-set" onClick={() => open.edit(market.id, set)}>
                          {describe(set)}
                        </button>
                        <ChangeMark by={tab.marks.get(set.id)} />
                      </li>
                    ))}
                </ul>
              </li>
            ))}
          </ul>
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
          />
        ) : (
          <p>Choose a market to set its thresholds.</p>
        )}
      </div>
      <ConflictDialog state={tab.conflict} what="This threshold set" format={thresholdFormat(tab.conflict?.mine)} />
      <Dialog
        header="Delete all"
        visible={confirming}
        onHide={() => setConfirming(false)}
        style={{ width: '360px' }}
        footer={
          <>
            <Button type="button" label="No" text onClick={() => setConfirming(false)} />
            <Button
              type="button"
              label="Yes"
              severity="danger"
              onClick={() => {
                setConfirming(false);
                void tab.deleteAll();
              }}
            />
          </>
        }
      >
        <p>Are you sure?</p>
        <p>{deleteAllText(tab.sets.length, tab.otherEditors)}</p>
      </Dialog>
    </section>
  );
}
