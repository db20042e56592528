import { routes, type Match } from '@odds/protocol';
import { AutoComplete } from 'primereact/autocomplete';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { findMatches, matchLabel } from '../../api/findMatches';
import { apiKey, useCached } from '../../api/queries';
import { contextStore } from '../../stores/context';

interface MatchPickerProps {
  inputId: string;
  value: Match | null;
  onChange: (match: Match | null) => void;
  placeholder?: string;
  autoFocus?: boolean;
}

type Found = Match & { label: string };
const SUGGESTIONS = 10;

/**
 * Picks one match by what the operator knows of it: its id, its teams ("Netherlands - USA"), a team,
 * a league or a day (YYYY-MM-DD). Suggestions read "name · date time (id)"; they are read through
 * the query cache under the matches route, and a newer search leaves the one in flight without
 * observers, which aborts it.
 */
export function MatchPicker({ inputId, value, onChange, placeholder, autoFocus }: MatchPickerProps) {
  const { providerId, sportId } = useSnapshot(contextStore);
  const [suggestions, setSuggestions] = useState<Found[]>([]);
  const [shown, setShown] = useState<Found | string | null>(value ? { ...value, label: matchLabel(value) } : null);
  // Each ask is counted: the list opens on a new array, also for a text asked before.
  const [asked, setAsked] = useState<{ text: string; n: number } | null>(null);
  const found = useCached(
    [...apiKey(routes.matches, { p: providerId, s: sportId }), 'picker', asked?.text ?? ''],
    (signal) => findMatches(asked?.text ?? '', { providerId, sportId, signal, limit: SUGGESTIONS }),
    { enabled: asked !== null },
  );
  useEffect(() => {
    if (found.data) setSuggestions(found.data.map((match) => ({ ...match, label: matchLabel(match) })));
  }, [found.data, asked]);
  // A match chosen elsewhere (loaded for a saved record) shows; clearing it while typing keeps the text.
  useEffect(() => {
    if (value) setShown({ ...value, label: matchLabel(value) });
  }, [value]);

  return (
    <AutoComplete
      inputId={inputId}
      value={shown}
      field="label"
      suggestions={suggestions}
      completeMethod={(e) => setAsked((current) => ({ text: e.query, n: (current?.n ?? 0) + 1 }))}
      onChange={(e) => {
        const next = e.value as Found | string | null;
        setShown(next);
        // Typing gives text until a suggestion is chosen: only a chosen match counts.
        if (next && typeof next === 'object') onChange(next);
        else if (value) onChange(null);
      }}
      delay={250}
      autoFocus={autoFocus}
      placeholder={placeholder ?? 'Match id, teams or day'}
      inputClassName="match-picker-input"
    />
  );
}
