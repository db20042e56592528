import { LAYOUT, type ContentItem } from '@odds/protocol';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { CmsList } from './useCmsList';

/**
 * Confirms deleting the picked items together (by id list). The list of what goes scrolls within
 * 800 px (SPEC §9), however many items were picked.
 */
export function DeleteSelectedDialog({ cms, visible, onHide }: { cms: CmsList; visible: boolean; onHide: () => void }) {
  const items: readonly ContentItem[] = cms.picked;
  return (
    <Dialog
      header={`Delete ${items.length} content item${items.length === 1 ? '' : 's'}?`}
      visible={visible}
      onHide={onHide}
      style={{ width: 'min(48rem, 95vw)' }}
      modal
      draggable={false}
      footer={
        <>
          <Button label="Cancel" text onClick={onHide} />
          <Button
            label="Delete all"
            icon="pi pi-trash"
            severity="danger"
            className="danger-strong"
            loading={cms.busy}
            onClick={() => void cms.remove(items).then((done) => done && onHide())}
          />
        </>
      }
    >
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the keyboard focus to be scrolled without a mouse (WCAG 2.1.1, axe's scrollable-region-focusable) */}
      <div className="delete-all-scroll" style={{ maxHeight: LAYOUT.deleteAllScrollHeight }} tabIndex={0} role="region" aria-label="Content to delete">
        <ul>
          {items.map((item) => (
            <li key={item.id}>
              <strong>{item.id}</strong> <span className="form-hint">{`${item.content_type} · ${item.language}`}</span>{' '}
              {item.content_type === 'image' ? '(image)' : item.content}
            </li>
          ))}
        </ul>
      </div>
    </Dialog>
  );
}
