import type { Tracker } from '@odds/protocol';
import { switchPt } from '../../components/forms/a11y';
import { Button } from 'primereact/button';
import { InputSwitch } from 'primereact/inputswitch';
import { Link } from 'react-router-dom';
import { GenericTable, type TableColumn } from '../../components/table';
import { languageLabel } from '../../components/forms/languages';
import { ChangeMark } from '../../components/marks/ChangeMark';
import { matchStateLabel, minScoreLabel, modelTypeLabel, thresholdTypes } from './format';
import { useTrackersList, type TrackersList } from './useTrackersList';
import './trackers.css';

function columns({ activeOf, setActive, changedBy }: TrackersList): TableColumn<Tracker>[] {
  return [
    { field: 'id', header: 'Id', sortable: true },
    {
      field: 'contact',
      header: 'Contact',
      body: (t) => (
        <>
          {t.contact.name}
          <ChangeMark by={changedBy(t.id)} />
        </>
      ),
    },
    { field: 'language', header: 'Language', sortable: true, body: (t) => languageLabel(t.language) },
    { field: 'model_type', header: 'Type', sortable: true, body: (t) => modelTypeLabel(t.model_type) },
    {
      field: 'model_id',
      header: 'Id',
      sortable: true,
      body: (t) =>
        t.model_type === 'M' ? <Link to={`/match/${t.model_id}`}>{t.model_id}</Link> : <Link to={`/league/${t.model_id}/matches`}>{t.model_id}</Link>,
    },
    { field: 'thresholds_type', header: 'Threshold Type', body: (t) => thresholdTypes(t.spec).join(', ') },
    { field: 'min_score', header: 'Threshold', body: (t) => minScoreLabel(t.spec) },
    { field: 'match_state', header: 'State', body: (t) => matchStateLabel(t.spec.match_state) },
    {
      field: 'active',
      header: 'Active',
      body: (t) => <InputSwitch pt={switchPt} checked={activeOf(t)} aria-label={`Tracker ${t.id} active`} onChange={(e) => setActive(t, Boolean(e.value))} />,
    },
    {
      field: 'edit',
      header: 'Edit',
      body: (t) => (
        <Link to={`/tracker/${t.id}/`} className="p-button p-button-text p-button-sm" aria-label={`Edit tracker ${t.id}`}>
          Edit
        </Link>
      ),
    },
  ];
}

/** /trackers: every tracker of the provider; switch active on rows, then Save. */
export default function TrackersScreen() {
  const trackers = useTrackersList();
  return (
    <section aria-labelledby="screen-title">
      <div className="trackers-toolbar">
        <h1 id="screen-title">Trackers</h1>
        <span className="trackers-actions">
          <Link to="/tracker/new/" className="p-button p-button-outlined">
            New tracker
          </Link>
          {trackers.changed > 0 && <span role="status">{trackers.changed} unsaved</span>}
          <Button type="button" label="Discard" text disabled={trackers.changed === 0} onClick={trackers.discard} />
          <Button
            type="button"
            label="Save"
            icon="pi pi-check"
            disabled={trackers.changed === 0}
            loading={trackers.saving}
            onClick={() => void trackers.save()}
          />
        </span>
      </div>
      <GenericTable list={trackers.list} label="Trackers" columns={columns(trackers)} emptyMessage="No trackers" />
    </section>
  );
}
