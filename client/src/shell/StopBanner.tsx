import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../lib/format';
import { followSendStops, sendStopsStore, stoppedScopes } from '../live/sendStops';
import { sessionStore } from '../stores/session';

/**
 * The banner of every screen while sends are stopped (the kill switch): which scope, who stopped
 * it, when and why. It appears and goes live, whichever console threw or resumed the switch.
 */
export function StopBanner() {
  useEffect(() => followSendStops(), []);
  const { stops } = useSnapshot(sendStopsStore);
  const admin = useSnapshot(sessionStore).user?.admin === true;
  const stopped = stoppedScopes(stops as typeof sendStopsStore.stops);
  if (!stopped.length) return null;
  return (
    <div className="stop-banner" role="alert" aria-label="Sends stopped">
      <i className="pi pi-ban" aria-hidden="true" />
      <ul>
        {stopped.map((stop) => (
          <li key={stop.provider?.id ?? 0}>
            <strong>{stop.provider ? `All sends of ${stop.provider.name} are stopped` : 'All sends are stopped for every provider'}</strong>
            {` by ${stop.changed_by?.name ?? 'an admin'}${stop.changed_at ? ` at ${formatDateTime(stop.changed_at)}` : ''}: ${stop.reason}`}
          </li>
        ))}
      </ul>
      {admin ? <Link to="/compliance">Compliance</Link> : <span>An admin resumes them.</span>}
    </div>
  );
}
