import { CHANNELS, type ContentItem } from '@odds/protocol';
import { Checkbox } from 'primereact/checkbox';
import { InputSwitch } from 'primereact/inputswitch';
import { Link } from 'react-router-dom';
import { ConfirmDeleteButton } from '../../components/forms/ConfirmDeleteButton';
import { languageLabel } from '../../components/forms/languages';
import type { TableColumn } from '../../components/table';
import { ChangeMark } from '../../components/marks/ChangeMark';
import { ContentImage } from './ContentImage';
import type { CmsList, CmsRow } from './useCmsList';
import { switchPt } from '../../components/forms/a11y';

const channelName = (id: number) => CHANNELS.find((c) => c.id === id)?.name ?? String(id);
const names = (refs: readonly { name: string }[]) => refs.map((ref) => ref.name).join(', ');

function ContentCell({ item }: { item: ContentItem }) {
  const body =
    item.content_type === 'image' && item.image ? (
      <ContentImage url={item.image.url} alt={`Image content ${item.id}`} className="content-thumb" />
    ) : (
      <span className="content-cell-text">{item.content}</span>
    );
  // Archived items stay listed, struck through (SPEC §4).
  return item.archived_at ? <s title={`Archived ${item.archived_at}`}>{body}</s> : body;
}

/** The columns that show the item itself: id, content, type, language, channel, markets, group, link target. */
function itemColumns(): TableColumn<CmsRow>[] {
  return [
    {
      field: 'id',
      header: 'Id',
      sortable: true,
      body: (item) => (
        <>
          {item.id}
          <ChangeMark by={item.changedBy} />
        </>
      ),
    },
    { field: 'content', header: 'Content', sortable: true, body: (item) => <ContentCell item={item} />, className: 'content-column' },
    {
      field: 'content_type',
      header: 'Type',
      sortable: true,
      // The side context shows under the type when the item is written from a side.
      body: (item) => (
        <>
          {item.content_type}
          {item.side_context !== 'none' && <small className="cell-note">{`side: ${item.side_context}`}</small>}
        </>
      ),
    },
    { field: 'language', header: 'Language', sortable: true, body: (item) => languageLabel(item.language) },
    { field: 'channel_id', header: 'Channel', sortable: true, body: (item) => channelName(item.channel_id) },
    {
      field: 'markets',
      header: 'Markets',
      body: (item) => (
        <>
          {names(item.markets) || (item.market_types.length ? `Types: ${names(item.market_types)}` : '')}
          {item.categories.length > 0 && <small className="cell-note">{`Categories: ${names(item.categories)}`}</small>}
        </>
      ),
    },
    {
      field: 'group',
      header: 'Group',
      sortable: true,
      sortKey: 'group_id',
      body: (item) => (item.group ? <Link to={`/cms/group/${item.group.id}/`}>{item.group.name}</Link> : ''),
    },
    { field: 'link_target', header: 'Link Target' },
  ];
}

/** The CMS list's columns over a useCmsList controller. */
export function cmsColumns(cms: CmsList): TableColumn<CmsRow>[] {
  return [
    {
      field: 'pick',
      header: 'Pick',
      body: (item) => (
        <Checkbox inputId={`pick-${item.id}`} checked={item.picked} aria-label={`Select content ${item.id}`} onChange={(e) => cms.pick(item, !!e.checked)} />
      ),
      style: { width: '3.5rem' },
    },
    ...itemColumns(),
    {
      field: 'deliver',
      header: 'Active',
      body: (item) => (
        <InputSwitch pt={switchPt} checked={item.deliver} aria-label={`Deliver content ${item.id}`} onChange={() => void cms.toggle(item, 'deliver')} />
      ),
    },
    {
      field: 'auto_build',
      header: 'Auto Build',
      body: (item) => (
        <InputSwitch
          pt={switchPt}
          checked={item.auto_build}
          aria-label={`Auto build content ${item.id}`}
          onChange={() => void cms.toggle(item, 'auto_build')}
        />
      ),
    },
    {
      field: 'options',
      header: 'Options',
      body: (item) => (
        <span className="row-options">
          <Link
            to={`/cms/edit/${item.id}`}
            className="p-button p-button-text p-button-sm p-button-icon-only"
            aria-label={`Edit content ${item.id}`}
            title="Edit"
          >
            <i className="pi pi-pencil" aria-hidden="true" />
          </Link>
          <ConfirmDeleteButton label={`Delete content ${item.id}`} disabled={cms.busy} onConfirm={() => void cms.remove([item])} />
        </span>
      ),
    },
  ];
}
