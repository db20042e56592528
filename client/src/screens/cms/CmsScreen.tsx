import { Button } from 'primereact/button';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { GenericTable } from '../../components/table';
import { contextStore, findById } from '../../stores/context';
import { CmsFilters } from './CmsFilters';
import { cmsColumns } from './cmsColumns';
import { DeleteSelectedDialog } from './DeleteSelectedDialog';
import { NewContentDialog } from './NewContentDialog';
import { TagsDialog } from './TagsDialog';
import { useCmsList } from './useCmsList';
import { useCmsOptions } from './useCmsOptions';
import './cms.css';

type Modal = 'new' | 'tags' | 'delete' | null;

/** /cms: content items with every filter, a new-content modal, the tag modal and delete by id list (SPEC §2). */
export default function CmsScreen() {
  const cms = useCmsList();
  const options = useCmsOptions({ groups: true });
  const navigate = useNavigate();
  const [modal, setModal] = useState<Modal>(null);
  const { providerId, providers } = useSnapshot(contextStore);
  const providerName = findById(providers, providerId)?.name ?? 'this provider';
  const close = () => setModal(null);
  return (
    <section aria-labelledby="screen-title" className="cms-screen">
      <div className="cms-toolbar">
        <h1 id="screen-title">Content</h1>
        <Button label="New content" icon="pi pi-plus" onClick={() => setModal('new')} />
        <Button label="Grouped content" icon="pi pi-clone" outlined onClick={() => void navigate('/cms/create/group')} />
        <Button label="Playground" icon="pi pi-bolt" outlined onClick={() => void navigate('/cms/builder/')} />
        <Button label="Query tags" icon="pi pi-tags" outlined onClick={() => setModal('tags')} />
        <Button
          label={`Delete selected (${cms.picked.length})`}
          icon="pi pi-trash"
          severity="danger"
          className="danger-strong"
          outlined
          disabled={!cms.picked.length}
          onClick={() => setModal('delete')}
        />
      </div>
      <CmsFilters cms={cms} options={options} />
      <GenericTable
        list={cms.table}
        label="Content items"
        columns={cmsColumns(cms)}
        emptyMessage="No content found"
        rowClassName={(item) => (item.archived_at ? 'archived' : undefined)}
      />
      <NewContentDialog
        visible={modal === 'new'}
        options={options}
        providerName={providerName}
        onHide={close}
        onCreated={() => {
          close();
          cms.list.reload();
        }}
      />
      <TagsDialog visible={modal === 'tags'} onHide={close} />
      <DeleteSelectedDialog cms={cms} visible={modal === 'delete'} onHide={close} />
    </section>
  );
}
