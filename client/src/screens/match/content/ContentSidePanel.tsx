import { routes, type ContentCategory, type ContentItem } from '@odds/protocol';
import { Button } from 'primereact/button';
import { useSnapshot } from 'valtio';
import { invalidateRoute, useApiQuery } from '../../../api/queries';
import { useProviderChanges } from '../../../live/useProviderChanges';
import { contextStore } from '../../../stores/context';
import { ChangeMark } from '../../../components/marks/ChangeMark';
import { ContentSideFilters } from './ContentSideFilters';
import type { ContentTab } from './useContentTab';
import type { PartType } from '../../../components/content/contentForm';

const CONTENT_CHANGES = ['content_item', 'content_group'] as const;

const NONE: never[] = [];

/**
 * Side panel of the Form tab (SPEC §2): content items filtered by content type, category,
 * participants, Auto Build and group (filters kept in the address); 'Use' puts an item's text into the form.
 */
export function ContentSidePanel({ tab, onUse }: { tab: ContentTab; onUse: (type: PartType, text: string) => void }) {
  const { providerId, sportId } = useSnapshot(contextStore);
  const f = (name: string) => tab.search.get(name) ?? '';
  // Through the query cache: the CMS screens showing the same items and groups share the reads.
  const categories: ContentCategory[] = useApiQuery(routes.contentCategories, {}).data?.results ?? NONE;
  const groups = (useApiQuery(routes.groups, { query: { provider: providerId, sport: sportId, limit: 1000 } }).data?.results ?? NONE) as {
    id: number;
    name: string;
  }[];
  // Content items and groups saved on any console of the provider: the lists read again in place
  // (the list shown stays until the new one is there; other filters show 'Loading...').
  const { markOf } = useProviderChanges(CONTENT_CHANGES, () => {
    void invalidateRoute(routes.contents);
    void invalidateRoute(routes.groups);
  });
  const listed = useApiQuery(routes.contents, {
    query: {
      provider: providerId,
      limit: 50,
      content_type: (f('type') || undefined) as ContentItem['content_type'] | undefined,
      category_id: Number(f('category')) || undefined,
      group_id: Number(f('group')) || undefined,
      auto_build: f('auto') === '1' ? true : undefined,
    },
  });
  const items: ContentItem[] | null = listed.data?.results ?? (listed.isError ? [] : null);

  const shown = (items ?? []).filter((i) => !f('side') || i.side_context === f('side'));
  return (
    <aside className="content-side" aria-label="Content items">
      <ContentSideFilters tab={tab} categories={categories} groups={groups} />
      {items === null ? (
        <p>Loading...</p>
      ) : shown.length === 0 ? (
        <p>No content items</p>
      ) : (
        <ul className="content-side-items">
          {shown.map((item) => (
            <li key={item.id} className={item.archived_at ? 'archived' : undefined}>
              <span className="content-side-type">{item.content_type}</span>{' '}
              {/* Archived items stay listed, struck through as in the CMS (SPEC §4), and are not offered for use. */}
              {item.archived_at ? <s title={`Archived ${item.archived_at}`}>{item.content || item.image?.url}</s> : item.content || item.image?.url}
              <ChangeMark by={markOf('content_item', item.id)} />
              {item.archived_at ? (
                <span className="content-side-archived">Archived</span>
              ) : (
                <Button
                  type="button"
                  label="Use"
                  text
                  size="small"
                  aria-label={`Use content item ${item.id}`}
                  onClick={() => onUse(item.content_type, item.content || item.image?.url || '')}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
