import { routes, type ContentItem, type ContentTemplate } from '@odds/protocol';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { api } from '../../api/client';
import { invalidateRoute } from '../../api/queries';
import { useList, type FilterSpec, type ListController } from '../../components/table';
import { useProviderChanges } from '../../live/useProviderChanges';
import { contextStore } from '../../stores/context';

const CONTENT_CHANGES = ['content_item', 'content_group'] as const;

const id = { valid: (v: string) => /^[1-9]\d{0,9}$/.test(v) };
const yesNo = { valid: (v: string) => v === 'true' || v === 'false' };

/** Every filter of the contents call (SPEC §7), kept in the address by the names the call uses. */
const CMS_FILTERS = {
  language_code: '',
  content_type: { valid: (v: string) => ['title', 'content', 'cta', 'image'].includes(v) },
  channel_id: id,
  group_id: id,
  category_id: id,
  market_id: id,
  market_type_id: id,
  link_target: '',
  auto_build: yesNo,
  active: yesNo,
} satisfies Record<string, FilterSpec>;

export type CmsFilterName = keyof typeof CMS_FILTERS;

const CMS_SORT_FIELDS = ['id', 'created_at', 'content', 'content_type', 'language', 'channel_id', 'group_id'] as const;

type Flags = Pick<ContentTemplate, 'deliver' | 'auto_build'>;

/** A content item as the list shows it: its flags as last answered by the server, and whether it is picked. */
export type CmsRow = ContentItem & { picked: boolean; changedBy?: string };

/** The list, the item and group forms and the group choices read again. */
const invalidateContent = () =>
  Promise.all([invalidateRoute(routes.contents), invalidateRoute(routes.contentItem), invalidateRoute(routes.groups), invalidateRoute(routes.group)]);

/** The deliver and auto build flags flipped since the page loaded (by item id), and the toggle that flips one. */
function useFlagToggles(rows: readonly ContentItem[]) {
  // Flags flipped since the page loaded, by item id: the server's answer, shown until the next load.
  const [flags, setFlags] = useState<Record<number, Flags>>({});
  useEffect(() => setFlags({}), [rows]);

  // Toggles may overlap (deliver, then auto build, before the first answer): each answer sets only
  // the flag it flipped, and only if no later flip of that flag was sent meanwhile, so an answer
  // arriving late cannot put back a state the server no longer has.
  const sent = useRef(new Map<string, number>());
  const toggle = useCallback(async (item: ContentItem, flag: keyof Flags) => {
    const route = flag === 'deliver' ? routes.contentActiveToggle : routes.contentAutoToggle;
    const key = `${item.id}:${flag}`;
    const mine = (sent.current.get(key) ?? 0) + 1;
    sent.current.set(key, mine);
    try {
      const reply = await api(route, { params: { id: item.id } });
      if (sent.current.get(key) !== mine) return;
      setFlags((current) => {
        const shown = current[item.id] ?? { deliver: item.deliver, auto_build: item.auto_build };
        return { ...current, [item.id]: { ...shown, [flag]: reply[flag] } };
      });
    } catch {
      // Not flipped: the API client shows why.
    }
  }, []);
  return { flags, toggle };
}

/**
 * The CMS list (SPEC §2): content items of the provider and sport, newest first, filtered, sorted
 * and paged through the address. Deliver and auto build flip on success; items can be picked for
 * deleting together (by id list); deleting goes to /cms.
 */
export function useCmsList() {
  const { providerId, sportId } = useSnapshot(contextStore);
  const navigate = useNavigate();
  const list = useList({
    route: routes.contents,
    query: { provider: providerId, sport: sportId },
    defaultSort: '-created_at',
    sortFields: CMS_SORT_FIELDS,
    filters: CMS_FILTERS,
  });
  const [picked, setPicked] = useState<ContentItem[]>([]);
  const [busy, setBusy] = useState(false);
  const { rows } = list;
  const { flags, toggle } = useFlagToggles(rows);
  // Content items and groups saved on any console of the provider: the page reads again, the row is marked.
  const { markOf } = useProviderChanges(CONTENT_CHANGES, invalidateContent);

  // The table redraws a row only when the row object changes (PrimeReact memoizes cells), so the
  // shown flags and pick state travel inside the rows rather than beside them.
  const shownRows = useMemo<CmsRow[]>(
    () =>
      rows.map((item) => ({
        ...item,
        ...flags[item.id],
        picked: picked.some((p) => p.id === item.id),
        changedBy: markOf('content_item', item.id) ?? (item.group ? markOf('content_group', item.group.id) : undefined),
      })),
    [rows, flags, picked, markOf],
  );
  const table = useMemo(() => ({ ...list, rows: shownRows }) as unknown as ListController<CmsRow>, [list, shownRows]);

  const pick = useCallback((item: ContentItem, on: boolean) => {
    setPicked((current) => (on ? [...current.filter((p) => p.id !== item.id), item] : current.filter((p) => p.id !== item.id)));
  }, []);

  const remove = useCallback(
    async (items: readonly ContentItem[]): Promise<boolean> => {
      const [first, ...rest] = items;
      if (!first) return false;
      setBusy(true);
      try {
        await api(routes.contentDelete, { params: { id: first.id }, query: { ids: rest.map((item) => item.id) } });
        setPicked((current) => current.filter((p) => !items.some((item) => item.id === p.id)));
        void navigate('/cms');
        void invalidateContent();
        return true;
      } catch {
        // The API client shows why; nothing was deleted (the call is all or nothing).
        return false;
      } finally {
        setBusy(false);
      }
    },
    [navigate],
  );

  return { list, table, toggle, picked, pick, clearPicked: () => setPicked([]), remove, busy };
}

export type CmsList = ReturnType<typeof useCmsList>;
