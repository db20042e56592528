import { routes, type Tracker } from '@odds/protocol';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api/client';
import { inputOf } from './format';

/** /tracker/{id}/: the tracker loaded, edited, saved whole, then back to the list. */
export function useTrackerForm(trackerId: number) {
  const [tracker, setTracker] = useState<Tracker | null>(null);
  const [saving, setSaving] = useState(false);
  const navigate = useNavigate();

  useEffect(() => {
    const controller = new AbortController();
    api(routes.tracker, { params: { trackerId }, signal: controller.signal }).then(setTracker, () => undefined);
    return () => controller.abort();
  }, [trackerId]);

  const patch = (change: Partial<Tracker>) => setTracker((t) => (t ? { ...t, ...change } : t));
  const patchSpec = (change: Partial<Tracker['spec']>) => setTracker((t) => (t ? { ...t, spec: { ...t.spec, ...change } } : t));

  const save = async () => {
    if (!tracker) return;
    setSaving(true);
    try {
      await api(routes.trackerSave, { params: { trackerId }, body: inputOf(tracker) });
      await navigate('/trackers');
    } catch {
      // The API client has shown why.
    } finally {
      setSaving(false);
    }
  };

  return { tracker, patch, patchSpec, saving, save };
}
