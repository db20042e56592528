import { CHANNELS, routes, type Contact, type MatchContent, type ScoresDefinition } from '@odds/protocol';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { api } from '../../../api/client';
import { apiKey, useApiQuery } from '../../../api/queries';
import { useVersionedSave } from '../../../components/conflict';
import { useChangeMarks } from '../../../live/useChangeMarks';
import type { MatchLive } from '../../../live/matchLive';
import { useOtherEditors } from '../../../live/useDeletedBy';
import { sessionStore } from '../../../stores/session';
import { byMarketThenId, useLiveTable, useOwnWrites } from '../../../live/useLiveTable';
import { addToBasket } from '../../../stores/basket';
import { contextStore } from '../../../stores/context';
import { useMatchPage } from '../../../live/matchPage';
import { emptyContentForm } from '../../../components/content/contentForm';
import { useContentFormState } from './useContentFormState';
import { useContentSave } from './useContentSave';

const NO_CONTACTS: Contact[] = [];
const NO_SCORES: ScoresDefinition = {
  max_score: 0,
  increment: 1,
  max_sub_node: 0,
  sub_node_increment: 1,
  sub_nodes: [],
  max_leaf_node: 0,
  leaf_node_increment: 1,
  leaf_nodes: [],
};

/**
 * The Content tab (SPEC §2): the match's content records, the form (new, or `?edit=id`), delete
 * after a confirmation dialog, and Add to basket. Which record is edited lives in the address.
 */
export function useContentTab() {
  const { matchId, markets, live } = useMatchPage();
  const conflict = useVersionedSave();
  const { myId, providerId, sport, scores, languages } = useContentScope();
  const { search, editId, edit, setSearchParam } = useContentAddress(matchId);
  const { records, loading, own } = useContentRecords(matchId, live);
  const contacts: Contact[] = useApiQuery(routes.contacts, { query: { provider: providerId, limit: 1000 } }).data?.items ?? NO_CONTACTS;
  const formState = useContentFormState({ matchId, live, records, loading, editId, languages, scores });
  const { form, patch, editing, error, deletedBy, scoreChoices } = formState;
  const marks = useChangeMarks('match_content', records, !loading, live);

  const remove = async (record: MatchContent) => {
    try {
      await api(routes.matchContentDelete, { params: { matchContentId: record.id } });
      own.deleted([record.id]);
      // My own delete of the record open in the form: the form goes back to new content.
      if (form.id === record.id) discard();
    } catch {
      // The API client has shown why.
    }
  };

  /** The open record was deleted by someone else, and I drop my edit too: a blank new content form. */
  const discard = () => {
    formState.clear();
    edit(null);
  };

  const { save, saveAsNew, saving } = useContentSave({
    ...formState,
    matchId,
    names: {
      market: (id: number) => markets.find((m) => m.id === id)?.name,
      channel: (id: number) => CHANNELS.find((c) => c.id === id)?.name,
      contact: (id: number) => contacts.find((c) => c.id === id)?.name,
    },
    conflict,
    ownSaved: own.saved,
    blank: () => emptyContentForm(languages[0]),
    closeEdit: () => edit(null),
  });

  return {
    matchId,
    markets,
    records,
    loading,
    contacts,
    scores,
    scoreChoices,
    languages,
    periods: sport?.periods ?? 2,
    form,
    patch,
    editing,
    error,
    saving,
    save,
    remove,
    edit,
    deletedBy,
    saveAsNew,
    discard,
    otherEditors: useOtherEditors(live, 'content', myId),
    addToBasket,
    search,
    setSearchParam,
    conflict: conflict.conflict,
    marks,
  };
}

/** The operator, and the provider and sport chosen: the sport's scores and the provider's languages. */
function useContentScope() {
  const context = useSnapshot(contextStore);
  const myId = useSnapshot(sessionStore).user?.id;
  const provider = context.providers.find((p) => p.id === context.providerId);
  const sport = provider?.sports.find((s) => s.id === context.sportId);
  const scores = (sport?.scores ?? NO_SCORES) as ScoresDefinition;
  const languages = provider?.meta.languages ?? ['en'];
  return { myId, providerId: context.providerId, sport, scores, languages };
}

/** The tab's address: the record edited (`?edit=id`), opening another, and the other search parameters. */
function useContentAddress(matchId: number) {
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const editId = Number(search.get('edit')) || null;

  function edit(record: MatchContent | null) {
    const next = new URLSearchParams(search);
    if (record) next.set('edit', String(record.id));
    else next.delete('edit');
    void navigate({ pathname: `/match/${matchId}/content`, search: next.toString() });
  }

  const setSearchParam = (name: string, value: string) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });

  return { search, editId, edit, setSearchParam };
}

/**
 * The records as the match's live topic holds them: another operator's save is pushed as the
 * saved record (read over REST only until the topic's first snapshot), with the records saved or
 * deleted here that the push has not brought yet.
 */
function useContentRecords(matchId: number, live: MatchLive | null) {
  const table = useLiveTable(
    live,
    'content',
    apiKey(routes.matchContent, { matchId }, null),
    (signal) => api(routes.matchContent, { params: { matchId }, signal }).then((r) => r.results),
    byMarketThenId,
  );
  const own = useOwnWrites(table.rows, byMarketThenId);
  return { records: own.rows, loading: !table.loaded, own };
}

export type ContentTab = ReturnType<typeof useContentTab>;
