import type { ContentItem } from '@odds/protocol';
import { useCallback, useMemo } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { ConflictDialog } from '../../../components/conflict';
import { Loading } from '../../../components/loading/Loading';
import { EntityHistory } from '../../../components/history/EntityHistory';
import type { HistoryReading } from '../../../components/history/HistoryEntry';
import { contextStore, findById } from '../../../stores/context';
import { ContentItemForm } from '../ContentItemForm';
import { useCmsOptions, type CmsOptions } from '../useCmsOptions';
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

/** Content item history: categories, markets and market types by name (the stored row holds their ids). */
function historyReading(options: CmsOptions): HistoryReading {
  const lists: Record<string, readonly { id: number; name?: string | null }[]> = {
    category_ids: options.categories,
    market_ids: options.markets,
    market_type_ids: options.marketTypes,
  };
  return {
    format: () => (field, value) => {
      const list = lists[field];
      return list && Array.isArray(value) ? value.map((id) => list.find((o) => o.id === id)?.name ?? `#${String(id)}`).join(', ') || '—' : undefined;
    },
    hidden: (field) => field === 'sport_id',
  };
}

function ContentEditor({ contentId }: { contentId: number | undefined }) {
  const navigate = useNavigate();
  const options = useCmsOptions();
  const { providerId, providers } = useSnapshot(contextStore);
  const onSaved = useCallback((_item: ContentItem) => void navigate('/cms'), [navigate]);
  const form = useContentForm({ contentId, options, onSaved });
  const reading = useMemo(() => historyReading(options), [options]);
  return (
    <section aria-labelledby="screen-title" className="cms-screen">
      <h1 id="screen-title">{contentId === undefined ? 'New content' : `Content ${contentId}`}</h1>
      {contentId !== undefined && (
        <div className="edit-screen-tools">
          <EntityHistory entity="content_item" id={contentId} name="content item" reading={reading} />
        </div>
      )}
      {form.loading ? <Loading /> : <ContentItemForm form={form} providerName={findById(providers, providerId)?.name ?? 'this provider'} />}
      <ConflictDialog state={form.conflict} what="This content item" />
    </section>
  );
}
