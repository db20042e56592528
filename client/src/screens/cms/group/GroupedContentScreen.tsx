import { CHANNELS, LAYOUT } from '@odds/protocol';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useParams } from 'react-router-dom';
import { LinkTargetField } from '../../../components/cms/LinkTargetField';
import { RecordsField } from '../../../components/cms/RecordsField';
import { Field } from '../../../components/forms/Field';
import { languageLabel } from '../../../components/forms/languages';
import { ConflictDialog } from '../../../components/conflict';
import { Loading } from '../../../components/loading/Loading';
import { NotFound } from '../../../components/not-found/NotFound';
import { GROUP_CONTENT_TYPES } from './groupForm';
import { useGroupedContent, type GroupedContentState } from './useGroupedContent';
import '../cms.css';
import { dropdownNames } from '../../../components/forms/a11y';

const ID = /^[1-9]\d{0,9}$/;
const CHANNEL_OPTIONS = CHANNELS.map((channel) => ({ value: channel.id, label: channel.name }));
const TYPE_OPTIONS = GROUP_CONTENT_TYPES.map((type) => ({ value: type, label: type }));

/** /cms/create/group and /cms/group/{groupId}/ (SPEC §2 Grouped Content). */
export default function GroupedContentScreen() {
  const { groupId } = useParams();
  if (groupId !== undefined && !ID.test(groupId)) return <NotFound />;
  const id = groupId === undefined ? undefined : Number(groupId);
  return <GroupEditor key={id ?? 'new'} groupId={id} />;
}

function GroupEditor({ groupId }: { groupId: number | undefined }) {
  const group = useGroupedContent(groupId);
  return (
    <section aria-labelledby="screen-title" className="cms-screen">
      <h1 id="screen-title">{groupId === undefined ? 'Grouped Content' : 'Edit Grouped Content'}</h1>
      {/* A loader until the provider (and so its languages) is known, and while the group loads. */}
      {!group.provider || group.loading ? <Loading /> : <GroupForm group={group} />}
      <ConflictDialog state={group.conflict} what="This group" />
    </section>
  );
}

function GroupForm({ group }: { group: GroupedContentState }) {
  const { values, set, options } = group;
  return (
    <form
      aria-label="Grouped content"
      onSubmit={(e) => {
        e.preventDefault();
        void group.save();
      }}
    >
      <div className="form-grid">
        <Field id="group-name" label="Group Name" hint="Optional">
          <InputText id="group-name" value={values.name} aria-describedby="group-name-hint" onChange={(e) => set('name', e.target.value)} />
        </Field>
        <Field id="group-type" label="Content Type">
          <Dropdown
            {...dropdownNames('Content Type')}
            inputId="group-type"
            options={TYPE_OPTIONS}
            value={values.content_type}
            onChange={(e) => set('content_type', e.value)}
          />
        </Field>
        <Field id="group-channel" label="Delivery Channel">
          <Dropdown
            {...dropdownNames('Delivery Channel')}
            inputId="group-channel"
            options={CHANNEL_OPTIONS}
            value={values.channel_id}
            onChange={(e) => set('channel_id', e.value as number)}
          />
        </Field>
        <RecordsField
          id="group-categories"
          label="Category"
          records={options.categories}
          value={values.categories}
          emptyMessage="No categories"
          onChange={(ids) => set('categories', ids)}
        />
        <LinkTargetField id="group-link-target" options={group.linkTargets} value={values.link_target} onChange={(target) => set('link_target', target)} />
        <RecordsField id="group-markets" label="Markets" records={options.markets} value={values.market_ids} onChange={(ids) => set('market_ids', ids)} />
      </div>
      <div className="group-texts">
        {(group.provider?.meta.languages ?? []).map((code) => (
          <Field key={code} id={`group-content-${code}`} label={`Content - ${languageLabel(code)}`}>
            <InputTextarea
              id={`group-content-${code}`}
              rows={LAYOUT.textAreaRows}
              value={values.content[code] ?? ''}
              onChange={(e) => group.setText(code, e.target.value)}
            />
          </Field>
        ))}
      </div>
      <div className="form-actions">
        <Button type="submit" label="Submit" icon="pi pi-check" loading={group.saving} />
      </div>
    </form>
  );
}
