import type { SearchResult } from '@odds/protocol';
import { AutoComplete } from 'primereact/autocomplete';
import { useState } from 'react';
import { connectorLabel, type useConnector } from './useConnector';

/** Connector reassign search: type a name and a dot to search; choosing a result asks first. */
export function ConnectorSearch({ connector }: { connector: ReturnType<typeof useConnector> }) {
  const [text, setText] = useState<string | SearchResult>('');
  return (
    <span className="match-connector">
      <label htmlFor="match-connector-input">Reassign connector</label>
      <AutoComplete
        inputId="match-connector-input"
        value={text}
        suggestions={connector.results}
        itemTemplate={(result: SearchResult) => connectorLabel(result)}
        field="title"
        completeMethod={(e) => connector.search(e.query)}
        onChange={(e) => setText(e.value as string | SearchResult)}
        onSelect={(e) => {
          void connector.reassign(e.value as SearchResult).then(() => setText(''));
        }}
        delay={300}
        // After a search (the trailing dot), an empty result says why.
        showEmptyMessage={typeof text === 'string' && text.endsWith('.')}
        emptyMessage="No match found. Matches of this provider and matches whose event already has one of this provider's are not offered."
        placeholder="Name, then a dot"
        inputClassName="p-inputtext-sm"
      />
    </span>
  );
}
