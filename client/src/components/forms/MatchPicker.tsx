import type { Match } from '@odds/protocol';
import { AutoComplete } from 'primereact/autocomplete';
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { findMatches, matchLabel } from '../../api/findMatches';
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
 * a league or a day (YYYY-MM-DD). Suggestions read "name · date time (id)"; a newer search aborts
 * the one in flight.
 */
export function MatchPicker({ inputId, value, onChange, placeholder, autoFocus }: MatchPickerProps) {
  const { providerId, sportId } = useSnapshot(contextStore);
  const [suggestions, setSuggestions] = useState<Found[]>([]);
  const [shown, setShown] = useState<Found | string | null>(value ? { ...value, label: matchLabel(value) } : null);
  const inFlight = useRef<AbortController | null>(null);
  useEffect(() => () => inFlight.current?.abort(), []);
  // A match chosen elsewhere (loaded for a saved record) shows; clearing it while typing keeps the text.
  useEffect(() => {
    if (value) setShown({ ...value, label: matchLabel(value) });
  }, [value]);

  const search = (text: string) => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    void findMatches(text, { providerId, sportId, signal: controller.signal, limit: SUGGESTIONS }).then((found) => {
      if (!controller.signal.aborted) setSuggestions(found.map((match) => ({ ...match, label: matchLabel(match) })));
    });
  };

  return (
    <AutoComplete
      inputId={inputId}
      value={shown}
      field="label"
      suggestions={suggestions}
      completeMethod={(e) => search(e.query)}
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
