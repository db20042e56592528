import { routes, type Match } from '@odds/protocol';
import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { MatchPicker } from '../../components/forms/MatchPicker';

/**
 * A tracker's match, picked by id, teams or day rather than typed as a bare number; a saved
 * tracker's match is read once so the field names it ("Netherlands - USA · 2022-12-03 16:00 (126)").
 */
export function TrackerMatchField({ inputId, matchId, onChange }: { inputId: string; matchId: number; onChange: (matchId: number) => void }) {
  const [match, setMatch] = useState<Match | null>(null);
  useEffect(() => {
    if (!matchId || match?.id === matchId) return;
    const controller = new AbortController();
    api(routes.match, { params: { matchId }, signal: controller.signal, silent: true }).then(setMatch, () => undefined);
    return () => controller.abort();
  }, [matchId, match?.id]);
  return (
    <MatchPicker
      inputId={inputId}
      value={match}
      onChange={(chosen) => {
        // Typing over the chosen match keeps it until another is chosen (the tracker needs one).
        if (!chosen) return;
        setMatch(chosen);
        onChange(chosen.id);
      }}
    />
  );
}
