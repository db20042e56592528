import type { FixtureImportReply, FixtureLine } from '@odds/protocol';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { formatDateTime } from '../../lib/format';

const OUTCOME_TEXT: Record<FixtureLine['outcome'], string> = { create: 'Create', match: 'Exists', refuse: 'Refused' };
const side = (team: FixtureLine['home']) => (team ? `${team.name}${team.team_id === null ? ' (new team)' : ''}` : '');

/** What a fixture import (or its dry run) did: the totals, then the file line by line. */
export function ImportResult({ reply }: { reply: FixtureImportReply }) {
  return (
    <section aria-label="Import result">
      <p role="status">
        {reply.dry_run ? 'Dry run, nothing written: ' : 'Imported: '}
        {reply.created.matches} match(es) {reply.dry_run ? 'to create' : 'created'}, {reply.created.teams} new team(s), {reply.matched} already there,{' '}
        {reply.refused} refused.
      </p>
      <DataTable value={reply.lines} dataKey="line" size="small" aria-label="Lines of the file" rowClassName={(l: FixtureLine) => `import-${l.outcome}`}>
        <Column field="line" header="Line" />
        <Column header="Outcome" body={(l: FixtureLine) => OUTCOME_TEXT[l.outcome]} />
        <Column header="Kick-off" body={(l: FixtureLine) => (l.start ? formatDateTime(l.start) : '')} />
        <Column header="Home" body={(l: FixtureLine) => side(l.home)} />
        <Column header="Away" body={(l: FixtureLine) => side(l.away)} />
        <Column header="Reason" body={(l: FixtureLine) => l.reason ?? ''} />
        <Column header="Match" body={(l: FixtureLine) => l.match_id ?? ''} />
      </DataTable>
    </section>
  );
}
