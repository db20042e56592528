import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { clearNotice, noticeStore } from '../feedback/notices';
import './savedNotice.css';

/** How long 'Saved' stays up. */
const NOTICE_MS = 2500;

/** The short confirmation after each save, in a polite live region so screen readers hear it too. */
export function SavedNotice() {
  const { text, id } = useSnapshot(noticeStore);
  useEffect(() => {
    if (!text) return;
    const timer = setTimeout(clearNotice, NOTICE_MS);
    return () => clearTimeout(timer);
  }, [text, id]);
  return (
    <div className="saved-notice-region" aria-live="polite">
      {text && (
        <span key={id} className="saved-notice" role="status">
          <i className="pi pi-check" aria-hidden="true" /> {text}
        </span>
      )}
    </div>
  );
}
