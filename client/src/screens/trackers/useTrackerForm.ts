import { routes, type Tracker } from '@odds/protocol';
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api/client';
import { invalidateRoute, useApiQuery } from '../../api/queries';
import { useSaving } from '../../api/useSaving';
import { DELETION_SHOWN, merge3, useVersionedSave } from '../../components/conflict';
import { listenToProvider } from '../../live/providerLive';
import { inputOf, MIN_SCORE_ERROR, parseMinScore, trackerConflictView } from './format';

/** A new tracker before its contact and what it follows are chosen (model_id 0 until typed). */
const blank = (): Tracker => ({
  id: 0,
  contact_id: 0,
  contact: { id: 0, name: '' },
  language: 'en',
  model_type: 'M',
  model_id: 0,
  active: true,
  spec: { limiter: { min_score: 0 }, thresholds_type: ['VALUE'], match_state: [] },
});

/** The minimum score as typed, its error, and what typing it and leaving the field do (`patchSpec`: the tracker takes a right one). */
function useMinScore(patchSpec: (change: Partial<Tracker['spec']>) => void) {
  const [minScore, setMinScoreText] = useState('');
  const [minScoreError, setMinScoreError] = useState<string | null>(null);

  const setMinScore = (text: string) => {
    setMinScoreText(text);
    const value = parseMinScore(text);
    // Said once it is wrong, taken back as soon as it is right; never while it is right.
    if (value === null) return setMinScoreError((shown) => (shown ? MIN_SCORE_ERROR : null));
    setMinScoreError(null);
    patchSpec({ limiter: { min_score: value } });
  };

  /** Leaving the field says what is wrong with it. */
  const checkMinScore = () => {
    if (parseMinScore(minScore) === null) setMinScoreError(MIN_SCORE_ERROR);
  };

  return { minScore, setMinScoreText, minScoreError, setMinScoreError, setMinScore, checkMinScore };
}

/**
 * The tracker's record for the form: `load` takes the first answer, `startBlank` a new tracker;
 * returns their later version, if any. Another console saved this tracker (the relay says so to
 * the provider's consoles): fields left alone here take their value, so a later save cannot put
 * back what they changed; fields changed on both sides stay as typed and the save asks about those
 * (it still names the version it read). The tracker is one query of the cache: the push
 * invalidates it, and a newer answer is theirs.
 */
function useTheirTracker(trackerId: number | null, load: (loaded: Tracker) => void, startBlank: () => void): Tracker | null {
  const [theirs, setTheirs] = useState<Tracker | null>(null);
  const record = useApiQuery(routes.tracker, { params: { trackerId: trackerId ?? 0 } }, { enabled: trackerId !== null, staleTime: 0 });
  const loadedFor = useRef<number | null>(null);
  useEffect(() => {
    if (trackerId === null) return undefined;
    return listenToProvider({
      changed: (change) => {
        if (change.entity !== 'tracker' || change.id !== trackerId || change.action === 'delete') return;
        void invalidateRoute(routes.tracker, { trackerId });
      },
      resync: () => undefined,
    });
  }, [trackerId]);
  useEffect(() => {
    loadedFor.current = null;
    if (trackerId === null) startBlank();
  }, [trackerId, startBlank]);
  // The first answer fills the form; a later one (after a push or a stale read) is theirs to merge.
  useEffect(() => {
    const data = record.data;
    if (!data || trackerId === null) return;
    if (loadedFor.current === trackerId) return setTheirs(data);
    loadedFor.current = trackerId;
    load(data);
  }, [record.data, trackerId, load]);
  return theirs;
}

/**
 * /tracker/{id}/: the tracker loaded, edited, saved whole, then back to the list; /tracker/new/
 * (trackerId null): a blank tracker, created on Save. The minimum score is kept as typed and
 * saved only as a whole percentage (SPEC §5). A save names the version it loaded: if another
 * operator saved the tracker meanwhile, the conflict dialog asks (theirs beside mine).
 */
export function useTrackerForm(trackerId: number | null) {
  const [tracker, setTracker] = useState<Tracker | null>(null);
  const patch = (change: Partial<Tracker>) => setTracker((t) => (t ? { ...t, ...change } : t));
  const patchSpec = (change: Partial<Tracker['spec']>) => setTracker((t) => (t ? { ...t, spec: { ...t.spec, ...change } } : t));
  const { minScore, setMinScoreText, minScoreError, setMinScoreError, setMinScore, checkMinScore } = useMinScore(patchSpec);
  const { saving, run } = useSaving();
  const navigate = useNavigate();
  const versioned = useVersionedSave();
  /** The tracker as last loaded (or followed): what the form started from, for a 3-way merge. */
  const [baseline, setBaseline] = useState<Tracker | null>(null);
  /** Their tracker, loaded or taken with "Keep theirs": the form starts again from it. */
  const load = useCallback(
    (loaded: Tracker) => {
      setTracker(loaded);
      setBaseline(loaded);
      setMinScoreText(String(loaded.spec.limiter.min_score));
      setMinScoreError(null);
    },
    [setMinScoreError, setMinScoreText],
  );

  const startBlank = useCallback(() => {
    setTracker(blank());
    setMinScoreText('0');
  }, [setMinScoreText]);
  const theirs = useTheirTracker(trackerId, load, startBlank);
  // Only a newer version of theirs moves the form.
  const follow = useEffectEvent(() => {
    if (!theirs || !tracker || !baseline || (theirs.version ?? 0) <= (baseline.version ?? 0)) return;
    const typed = parseMinScore(minScore);
    const mine = typed === null ? tracker : { ...tracker, spec: { ...tracker.spec, limiter: { ...tracker.spec.limiter, min_score: typed } } };
    const merge = merge3(baseline, mine, theirs);
    if (merge.conflicts.length > 0) return;
    setTracker({ ...merge.merged, version: theirs.version });
    setBaseline(theirs);
    if (typed !== null && typed !== merge.merged.spec.limiter.min_score) setMinScoreText(String(merge.merged.spec.limiter.min_score));
  });
  useEffect(() => follow(), [theirs]);

  const save = async () => {
    if (!tracker) return;
    const value = parseMinScore(minScore);
    if (value === null) return setMinScoreError(MIN_SCORE_ERROR);
    try {
      await run(async () => {
        const input = inputOf(tracker);
        const body = { ...input, spec: { ...input.spec, limiter: { min_score: value } } };
        const saved =
          trackerId === null
            ? await api(routes.trackerCreate, { body })
            : await versioned.save<Tracker, Tracker>({
                send: (base) =>
                  api(routes.trackerSave, { params: { trackerId }, body: { ...body, version: base?.version ?? tracker.version }, ...DELETION_SHOWN }),
                mine: () => trackerConflictView({ ...tracker, spec: body.spec }),
                view: trackerConflictView,
                keepTheirs: load,
                deleted: { what: 'This tracker', saveAsNew: () => api(routes.trackerCreate, { body }) },
              });
        // Nothing saved (their version taken, or the dialog closed): the form stays.
        if (saved) {
          void invalidateRoute(routes.trackers);
          if (trackerId !== null) void invalidateRoute(routes.tracker, { trackerId });
          await navigate('/trackers');
        }
      });
    } catch {
      // The API client has shown why.
    }
  };

  return { tracker, patch, patchSpec, minScore, setMinScore, minScoreError, checkMinScore, saving, save, conflict: versioned.conflict };
}
