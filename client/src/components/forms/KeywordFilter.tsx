import { InputText } from 'primereact/inputtext';
import { useEffect, useState } from 'react';

interface KeywordFilterProps {
  id: string;
  label: string;
  /** The applied value (from the address). */
  value: string;
  onApply: (value: string) => void;
  placeholder?: string;
}

/** A text filter applied on Enter, following the address when it changes (Back, a link). */
export function KeywordFilter({ id, label, value, onApply, placeholder = 'Press Enter to apply' }: KeywordFilterProps) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <span className="field">
      <label htmlFor={id}>{label}</label>
      <InputText
        id={id}
        type="search"
        value={text}
        placeholder={placeholder}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onApply(text);
        }}
      />
    </span>
  );
}
