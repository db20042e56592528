import type { ContentItem } from '@odds/protocol';
import { Dialog } from 'primereact/dialog';
import { useRef } from 'react';
import { UNSAVED_CHANGES_MESSAGE } from '../../components/forms/useUnsavedChangesGuard';
import { ContentItemForm } from './ContentItemForm';
import type { CmsOptions } from './useCmsOptions';
import { useContentForm } from './useContentForm';

interface NewContentDialogProps {
  visible: boolean;
  options: CmsOptions;
  providerName: string;
  onHide: () => void;
  onCreated: (item: ContentItem) => void;
}

/** The CMS list's new-content modal (SPEC §2): one item, text or an uploaded image. */
export function NewContentDialog({ visible, options, providerName, onHide, onCreated }: NewContentDialogProps) {
  const dirty = useRef(false);
  return (
    <Dialog
      header="New content"
      visible={visible}
      onHide={() => {
        // Closing the modal throws the typed content away: ask first, as leaving a page does.
        if (dirty.current && !window.confirm(UNSAVED_CHANGES_MESSAGE)) return;
        onHide();
      }}
      style={{ width: 'min(64rem, 95vw)' }}
      modal
      draggable={false}
      // Escape closes the pickers inside the form; it must not close the form with them.
      closeOnEscape={false}
    >
      {visible && <NewContentForm options={options} providerName={providerName} dirty={dirty} onCreated={onCreated} />}
    </Dialog>
  );
}

function NewContentForm({ options, providerName, dirty, onCreated }: Omit<NewContentDialogProps, 'visible' | 'onHide'> & { dirty: { current: boolean } }) {
  const form = useContentForm({ options, onSaved: onCreated });
  dirty.current = form.dirty;
  return <ContentItemForm form={form} providerName={providerName} />;
}
