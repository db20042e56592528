import { routes, type FixtureImportReply } from '@odds/protocol';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState, type ChangeEvent } from 'react';
import { useSnapshot } from 'valtio';
import { api } from '../../api/client';
import { ApiError } from '../../api/errors';
import { Field } from '../../components/forms/Field';
import { ask } from '../../components/question';
import { contextStore } from '../../stores/context';
import { FormFooter } from './fields';
import { ImportResult } from './ImportResult';
import { useCatalogOptions } from './useCatalogOptions';

/**
 * A season's fixtures from a CSV file (date, time, time zone, home, away, league): a dry run shows
 * line by line what would be created, found or refused (and why) before anything is written; the
 * import then writes the lines that can be, in one go. Importing the same file again creates nothing.
 */
export function ImportTab() {
  const { providerId, sportId } = useSnapshot(contextStore);
  const { leagues } = useCatalogOptions(providerId, sportId);
  const [leagueId, setLeagueId] = useState<number | null>(null);
  const [seasonId, setSeasonId] = useState<number | null>(null);
  const [csv, setCsv] = useState('');
  const [result, setResult] = useState<{ csv: string; reply: FixtureImportReply } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const league = leagues.find((l) => l.id === leagueId);
  const season = league?.seasons.find((s) => s.id === seasonId);

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) setCsv(await file.text());
  };
  const run = async (dryRun: boolean) => {
    if (!seasonId || !csv.trim()) return setError('Choose a season and a file first.');
    if (!dryRun) {
      const planned = result!.reply;
      const yes = await ask(
        `Import ${planned.created.matches} match(es) and ${planned.created.teams} new team(s) into ${league!.name} ${season!.name}? ${planned.refused} refused line(s) are left out.`,
        { header: 'Import fixtures', accept: 'Import', reject: 'Cancel' },
      );
      if (!yes) return;
    }
    setBusy(true);
    setError(null);
    try {
      const reply = await api(routes.fixtureImport, { params: { seasonId }, body: { csv, dry_run: dryRun }, shows: [400, 404] });
      setResult({ csv, reply });
    } catch (cause) {
      setError(cause instanceof ApiError ? cause.message : String(cause));
    } finally {
      setBusy(false);
    }
  };
  const checked = result?.reply.dry_run === true && result.csv === csv;

  return (
    <div className="catalog-tab catalog-import">
      <div className="catalog-import-pickers">
        <Field id="import-league" label="League">
          <Dropdown
            inputId="import-league"
            value={leagueId}
            options={leagues.map((l) => ({ label: l.name, value: l.id }))}
            onChange={(e) => {
              setLeagueId(e.value as number);
              setSeasonId(null);
            }}
            filter
            placeholder="Choose…"
          />
        </Field>
        <Field id="import-season" label="Season">
          <Dropdown
            inputId="import-season"
            value={seasonId}
            options={(league?.seasons ?? []).map((s) => ({ label: s.name, value: s.id }))}
            onChange={(e) => setSeasonId(e.value as number)}
            placeholder="Choose…"
            disabled={!league}
          />
        </Field>
        <Field id="import-file" label="CSV file" hint="Columns: date (YYYY-MM-DD), time (HH:MM), time zone (e.g. Europe/London), home, away, league">
          <input id="import-file" type="file" accept=".csv,text/csv" aria-describedby="import-file-hint" onChange={(e) => void readFile(e)} />
        </Field>
      </div>
      <Field id="import-text" label="Fixtures">
        <InputTextarea id="import-text" rows={8} value={csv} onChange={(e) => setCsv(e.target.value)} className="catalog-import-text" />
      </Field>
      <FormFooter error={error}>
        <Button type="button" label="Dry run" icon="pi pi-search" outlined loading={busy} onClick={() => void run(true)} />
        <Button type="button" label="Import" icon="pi pi-upload" disabled={!checked || busy} onClick={() => void run(false)} />
      </FormFooter>
      {result ? <ImportResult reply={result.reply} /> : null}
    </div>
  );
}
