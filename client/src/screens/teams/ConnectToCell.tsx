import type { SearchResult, Team } from '@odds/protocol';
import { AutoComplete } from 'primereact/autocomplete';
import { useState } from 'react';
import { resultLabel, useTeamConnect } from './useTeamConnect';

/** Why a 'Connect To' search found nothing. */
const connectToEmptyMessage = (team: Team) =>
  `No team found. Teams already connected to ${team.name} (${team.providers.join(', ')}) and teams of ${team.provider_name} are not offered.`;

/** 'Connect To': search another provider's team and reassign this one as it, after confirming. */
export function ConnectToCell({ team, onConnected }: { team: Team; onConnected: () => void }) {
  const { results, search, choose } = useTeamConnect(team, onConnected);
  const [text, setText] = useState<string | SearchResult>('');
  return (
    <AutoComplete
      value={text}
      suggestions={results}
      itemTemplate={(result: SearchResult) => resultLabel(result)}
      field="title"
      completeMethod={(e) => search(e.query)}
      onChange={(e) => setText(e.value as string | SearchResult)}
      onSelect={(e) => {
        void choose(e.value as SearchResult).then(() => setText(''));
      }}
      delay={300}
      // An empty result says why: the search leaves out what this team cannot be connected to.
      showEmptyMessage
      emptyMessage={connectToEmptyMessage(team)}
      placeholder="Search teams"
      inputClassName="connect-to-input p-inputtext-sm"
      aria-label={`Connect ${team.name} to`}
    />
  );
}
