import type { NamedRef, SearchType } from '@odds/protocol';
import { AutoComplete } from 'primereact/autocomplete';
import { useEffect, useState } from 'react';
import { useSearchPicker } from './useSearchPicker';

interface SearchPickerProps {
  inputId: string;
  type: SearchType;
  value: NamedRef[];
  onChange: (value: NamedRef[]) => void;
  /** Sport to search in; default the selected one. */
  sportId?: number;
  placeholder?: string;
}

/** Picks leagues or teams of the provider by typing part of a name; picked ones show as chips. */
export function SearchPicker({ inputId, type, value, onChange, sportId, placeholder }: SearchPickerProps) {
  const { suggestions, search } = useSearchPicker(type, sportId);
  const picked = new Set(value.map((ref) => ref.id));
  return (
    <AutoComplete
      inputId={inputId}
      multiple
      value={value}
      field="name"
      suggestions={suggestions.filter((ref) => !picked.has(ref.id))}
      completeMethod={(e) => search(e.query)}
      onChange={(e) => onChange((e.value ?? []) as NamedRef[])}
      delay={250}
      placeholder={value.length ? undefined : (placeholder ?? `Search ${type}`)}
    />
  );
}

interface SinglePickerProps {
  inputId: string;
  type: SearchType;
  value: NamedRef | null;
  onChange: (value: NamedRef | null) => void;
  sportId?: number;
  placeholder?: string;
}

/** Picks one league or team by search (the playground's home and away team). */
export function SingleSearchPicker({ inputId, type, value, onChange, sportId, placeholder }: SinglePickerProps) {
  const { suggestions, search } = useSearchPicker(type, sportId);
  // What the box shows: the text being typed, or the chosen entry.
  const [shown, setShown] = useState<NamedRef | string | null>(value);
  // A team chosen elsewhere (loaded, reset) shows; clearing it while typing keeps the typed text.
  useEffect(() => {
    if (value) setShown(value);
  }, [value]);
  return (
    <AutoComplete
      inputId={inputId}
      value={shown}
      field="name"
      suggestions={suggestions}
      completeMethod={(e) => search(e.query)}
      onChange={(e) => {
        const next = e.value as NamedRef | string | null;
        setShown(next);
        // Typing gives a string until a suggestion is chosen: only a chosen entry counts.
        if (next && typeof next === 'object') onChange(next);
        else if (value) onChange(null);
      }}
      delay={250}
      placeholder={placeholder ?? `Search ${type}`}
    />
  );
}
