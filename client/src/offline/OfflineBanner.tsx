import { OFFLINE_MESSAGE, useOnline } from './online';
import './offline.css';

/** A banner over the page while the browser has no network; live data comes back by itself. */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-banner" role="status">
      <i className="pi pi-wifi" aria-hidden="true" /> {OFFLINE_MESSAGE} Live data resumes when the connection is back.
    </div>
  );
}
