import { Button } from 'primereact/button';
import { ConflictDialog } from '../../components/conflict';
import { dropdownNames } from '../../components/forms/a11y';
import { Dropdown } from 'primereact/dropdown';
import { useOutletContext, useParams, useSearchParams } from 'react-router-dom';
import { Field } from '../../components/forms/Field';
import { useChangedSinceLoad, useEditingPresence } from '../../live/useEditingPresence';
import { TabTitle } from '../../components/match/TabTitle';
import type { MatchPage } from '../../live/matchPage';
import { DeletedEventNotice } from './DeletedEventNotice';
import { MinuteEntry } from './MinuteEntry';
import { OUTCOMES } from './outcome';
import type { EventRow } from './eventRow';
import { useEventForm } from './useEventForm';
import { useMatchInfo } from './useMatchEvents';
import './events.css';

type Info = ReturnType<typeof useMatchInfo>;
type Form = ReturnType<typeof useEventForm>;

function EventRowFields({ row, index, info, form }: { row: EventRow; index: number; info: Info; form: Form }) {
  const id = `event-${row.key}`;
  const teams = info.match
    ? [
        { label: info.match.home.name, value: info.match.home.id },
        { label: info.match.away.name, value: info.match.away.id },
      ]
    : [];
  return (
    <fieldset className={form.gone.includes(row) ? 'event-row event-row-deleted' : 'event-row'} aria-label={`Event ${index + 1}`}>
      <Field id={`${id}-type`} label="Type">
        <Dropdown
          {...dropdownNames('Type')}
          inputId={`${id}-type`}
          value={row.type}
          options={info.types.map((t) => ({ label: t.name, value: t.id }))}
          placeholder="Choose a type"
          filter
          onChange={(e) => form.update(row.key, { type: Number(e.value) })}
        />
      </Field>
      <MinuteEntry id={id} value={row} onChange={(next) => form.update(row.key, next)} />
      <Field id={`${id}-team`} label="Team">
        <Dropdown
          {...dropdownNames('Team')}
          inputId={`${id}-team`}
          value={row.team}
          options={teams}
          showClear
          placeholder="No team"
          onChange={(e) => form.update(row.key, { team: (e.value as number | undefined) ?? null })}
        />
      </Field>
      <Field id={`${id}-outcome`} label="Outcome">
        <Dropdown
          {...dropdownNames('Outcome')}
          inputId={`${id}-outcome`}
          value={row.outcome}
          options={OUTCOMES.map((o) => ({ label: `${o.symbol} ${o.label}`, value: o.value }))}
          onChange={(e) => form.update(row.key, { outcome: e.value as EventRow['outcome'] })}
        />
      </Field>
      {row.id === undefined && (
        <Button type="button" icon="pi pi-times" text severity="secondary" aria-label={`Remove event ${index + 1}`} onClick={() => form.removeRow(row.key)} />
      )}
    </fieldset>
  );
}

/** /event/{matchId}/edit: add stat event rows to a match and save them all. */
export default function EventEditScreen() {
  const matchId = Number(useParams().matchId);
  const editing = useSearchParams()[0].get('mode') === 'edit';
  const info = useMatchInfo(matchId);
  // The match page's watch of the match: its stats topic tells when a row's event is deleted meanwhile.
  const live = useOutletContext<Partial<MatchPage> | undefined>()?.live ?? null;
  const form = useEventForm(matchId, info, live);
  // Rows changed since they loaded: the match's other watchers see this operator editing Stats.
  useEditingPresence(
    matchId,
    'stats',
    useChangedSinceLoad(
      form.rows.map(({ key: _key, ...row }) => row),
      !form.loading,
    ),
  );
  return (
    <section aria-labelledby="screen-title" className="stat-events">
      <TabTitle id="screen-title" tab={editing ? 'stat events, editing' : 'add stat'} />
      {form.loading ? (
        <p>Loading...</p>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void form.save();
          }}
        >
          {form.gone.map((row) => (
            <DeletedEventNotice
              key={row.key}
              row={row as EventRow & { id: number }}
              live={live}
              names={info}
              saving={form.saving}
              onSaveAsNew={() => void form.saveAsNew(row.key)}
              onDiscard={() => form.removeRow(row.key)}
            />
          ))}
          <div className="event-rows">
            {form.rows.map((row, index) => (
              <EventRowFields key={row.key} row={row} index={index} info={info} form={form} />
            ))}
          </div>
          {form.incomplete > 0 && <p className="form-hint">Each row needs a type and a minute.</p>}
          <div className="event-form-actions">
            <Button type="button" label="Add row" icon="pi pi-plus" outlined onClick={form.addRow} />
            <Button type="submit" label="Save" icon="pi pi-check" loading={form.saving} disabled={form.incomplete > 0 || !form.canSave} />
          </div>
        </form>
      )}
      <ConflictDialog state={form.conflict} what="This stat event" />
    </section>
  );
}
