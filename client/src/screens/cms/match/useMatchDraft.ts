import { routes, type ContentParseReply, type MatchContent, type MatchMarket, type ScoresDefinition } from '@odds/protocol';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { api } from '../../../api/client';
import { invalidateRoute, useApiQuery } from '../../../api/queries';
import { useUnsavedChangesGuard } from '../../../components/forms/useUnsavedChangesGuard';
import { contextStore, findById } from '../../../stores/context';
import { scoreOptions } from '../../../components/content/contentForm';
import { keepLinkTarget, linkTargetOptions } from '../linkTargets';
import { draftToInput, DRAFT_PARTS, emptyDraft, type DraftPart, type MatchDraftValues } from './matchDraft';

const NO_MARKETS: MatchMarket[] = [];
const NO_RECORDS: MatchContent[] = [];

/**
 * The match content draft page (/cms/match/{matchId}/edit): write a title, content and cta for a
 * market of the match, preview them with the query tags filled for this match from a side (the
 * parse call), and save them as the match's content.
 */
export function useMatchDraft(matchId: number) {
  const context = useSnapshot(contextStore);
  const { providerId, providers } = context;
  const languages = findById(providers, providerId)?.meta.languages ?? [];
  const navigate = useNavigate();
  const [initial] = useState(() => emptyDraft(languages));
  const [values, setValues] = useState<MatchDraftValues>(initial);
  const [preview, setPreview] = useState<Partial<Record<DraftPart, ContentParseReply>> | null>(null);
  const [busy, setBusy] = useState<'preview' | 'save' | null>(null);

  const match = useApiQuery(routes.match, { params: { matchId } }).data ?? null;
  const markets = useApiQuery(routes.matchMarkets, { params: { matchId }, query: { all: true } }).data?.results ?? NO_MARKETS;
  const records = useApiQuery(routes.matchContent, { params: { matchId } }).data?.results ?? NO_RECORDS;

  // Score (SPEC §5): PRE, INPLAY and Hx-Ay from the sport's max_score and increment, less the
  // scores the match's content already uses for the market and channel (the server refuses those).
  const sportId = context.sportId;
  const scores = findById(providers, providerId)?.sports.find((s) => s.id === sportId)?.scores as ScoresDefinition | undefined;
  const scoreChoices = useMemo(
    () => (scores ? scoreOptions(scores, records, { marketId: values.market_id, channelId: values.channel_id, node: values.node_id }) : []),
    [scores, records, values.market_id, values.channel_id, values.node_id],
  );
  // A score taken for the market and channel just chosen gives way to the first free one.
  useEffect(() => {
    if (scoreChoices.length > 0 && !scoreChoices.includes(values.node_id)) setValues((v) => ({ ...v, node_id: scoreChoices[0]! }));
  }, [scoreChoices, values.node_id]);

  const choicesFor = useCallback(
    (v: MatchDraftValues) => linkTargetOptions({ contentType: 'cta', marketIds: v.market_id ? [v.market_id] : [], markets }),
    [markets],
  );
  const set = useCallback(
    <K extends keyof MatchDraftValues>(field: K, value: MatchDraftValues[K]) =>
      setValues((current) => {
        const next = { ...current, [field]: value };
        if (field === 'market_id') next.link_target = keepLinkTarget(next.link_target, choicesFor(next));
        return next;
      }),
    [choicesFor],
  );
  const setText = useCallback((part: DraftPart, text: string) => {
    setValues((current) => ({ ...current, texts: { ...current.texts, [part]: text } }));
  }, []);

  const dirty = useMemo(() => JSON.stringify(values) !== JSON.stringify(initial), [values, initial]);
  const { allowLeaving } = useUnsavedChangesGuard(dirty);

  const showPreview = useCallback(async () => {
    setBusy('preview');
    try {
      const written = DRAFT_PARTS.filter((part) => values.texts[part].trim());
      const replies = await Promise.all(
        written.map((part) => api(routes.contentParse, { body: { content: values.texts[part], match_id: matchId, context: values.side } })),
      );
      setPreview(Object.fromEntries(written.map((part, i) => [part, replies[i]])));
    } catch {
      // Shown by the API client.
    } finally {
      setBusy(null);
    }
  }, [values, matchId]);

  const save = useCallback(async () => {
    setBusy('save');
    try {
      await api(routes.matchContentSave, { params: { matchId }, body: draftToInput(values) });
      void invalidateRoute(routes.matchContent, { matchId });
      allowLeaving();
      void navigate(`/match/${matchId}/content`);
    } catch {
      setBusy(null);
    }
  }, [values, matchId, allowLeaving, navigate]);

  const written = DRAFT_PARTS.some((part) => values.texts[part].trim());
  return { match, markets, languages, scoreChoices, values, set, setText, linkTargets: choicesFor(values) ?? [], preview, busy, written, showPreview, save };
}

export type MatchDraft = ReturnType<typeof useMatchDraft>;
