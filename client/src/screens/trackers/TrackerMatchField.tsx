import { routes, type Match } from '@odds/protocol';
import { useState } from 'react';
import { useApiQuery } from '../../api/queries';
import { MatchPicker } from '../../components/forms/MatchPicker';

/**
 * A tracker's match, picked by id, teams or day rather than typed as a bare number; a saved
 * tracker's match is read once so the field names it ("Netherlands - USA · 2022-12-03 16:00 (126)").
 */
export function TrackerMatchField({ inputId, matchId, onChange }: { inputId: string; matchId: number; onChange: (matchId: number) => void }) {
  const [picked, setPicked] = useState<Match | null>(null);
  const needsRead = !!matchId && picked?.id !== matchId;
  const saved = useApiQuery(routes.match, { params: { matchId }, silent: true }, { enabled: needsRead });
  const match = picked?.id === matchId ? picked : (saved.data ?? picked);
  return (
    <MatchPicker
      inputId={inputId}
      value={match}
      onChange={(chosen) => {
        // Typing over the chosen match keeps it until another is chosen (the tracker needs one).
        if (!chosen) return;
        setPicked(chosen);
        onChange(chosen.id);
      }}
    />
  );
}
