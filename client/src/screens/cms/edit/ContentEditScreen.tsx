import type { ContentItem } from '@odds/protocol';
import { useCallback } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { Loading } from '../../../shell/Shell';
import { contextStore, findById } from '../../../stores/context';
import { ContentItemForm } from '../ContentItemForm';
import { useCmsOptions } from '../useCmsOptions';
import { useContentForm } from '../useContentForm';
import '../cms.css';

const NUMERIC = /^[1-9]\d{0,9}$/;

/**
 * /cms/edit (a new item) and /cms/edit/{contentId}. SPEC §5: content is fetched only when the id is
 * numeric; any other id opens an empty form, as /cms/edit does.
 */
export default function ContentEditScreen() {
  const { contentId } = useParams();
  const id = contentId !== undefined && NUMERIC.test(contentId) ? Number(contentId) : undefined;
  return <ContentEditor key={id ?? 'new'} contentId={id} />;
}

function ContentEditor({ contentId }: { contentId: number | undefined }) {
  const navigate = useNavigate();
  const options = useCmsOptions();
  const { providerId, providers } = useSnapshot(contextStore);
  const onSaved = useCallback((_item: ContentItem) => void navigate('/cms'), [navigate]);
  const form = useContentForm({ contentId, options, onSaved });
  return (
    <section aria-labelledby="screen-title" className="cms-screen">
      <h1 id="screen-title">{contentId === undefined ? 'New content' : `Content ${contentId}`}</h1>
      {form.loading ? <Loading /> : <ContentItemForm form={form} providerName={findById(providers, providerId)?.name ?? 'this provider'} />}
    </section>
  );
}
