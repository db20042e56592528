import {
  routes,
  SUPPRESSION_IMPORT_MAX,
  type BlocksSource,
  type BlocksSourceInput,
  type JurisdictionRule,
  type JurisdictionRuleInput,
  type SuppressionEntry,
  type SuppressionImportReply,
} from '@odds/protocol';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api/client';

/**
 * The Compliance screen's data (docs/compliance.md), admins only: the provider's blocks source,
 * its suppression list, and the deployment's jurisdiction rules. The API client shows every
 * refusal; each hook reloads after a write so the screen shows where things stand.
 */

function useLoaded<T>(load: () => Promise<T>) {
  const [value, setValue] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const reload = useCallback(async () => {
    try {
      setValue(await load());
    } catch {
      // Shown by the API client.
    }
  }, [load]);
  useEffect(() => {
    void reload();
  }, [reload]);
  const run = useCallback(
    async <R>(work: () => Promise<R>): Promise<R | null> => {
      setBusy(true);
      try {
        return await work();
      } catch {
        return null;
      } finally {
        setBusy(false);
        await reload();
      }
    },
    [reload],
  );
  return { value, busy, run };
}

export function useBlocksSource(providerId: number) {
  const { value, busy, run } = useLoaded(useCallback(() => api(routes.blocksSource, { params: { providerId } }), [providerId]));
  const save = (input: BlocksSourceInput) => run(() => api(routes.blocksSourceSave, { params: { providerId }, body: input }));
  return { source: value as BlocksSource | null, busy, save };
}

export function useJurisdictionRules() {
  const { value, busy, run } = useLoaded(useCallback(async () => (await api(routes.jurisdictionRules, {})).results, []));
  const save = (rule: JurisdictionRule | null, input: JurisdictionRuleInput) =>
    run(() =>
      rule
        ? api(routes.jurisdictionRuleUpdate, { params: { ruleId: rule.id }, body: { ...input, version: rule.version } })
        : api(routes.jurisdictionRuleCreate, { body: input }),
    );
  const remove = (rule: JurisdictionRule) => run(() => api(routes.jurisdictionRuleDelete, { params: { ruleId: rule.id } }));
  return { rules: value as JurisdictionRule[] | null, busy, save, remove };
}

export function useSuppressionList(providerId: number) {
  const [found, setFound] = useState<SuppressionEntry[] | null>(null);
  const { value, busy, run } = useLoaded(useCallback(() => api(routes.suppressionList, { params: { providerId }, query: { limit: 20 } }), [providerId]));
  /** A CSV of any size, sent in parts of at most SUPPRESSION_IMPORT_MAX lines (one transaction each). */
  const importCsv = (text: string, onProgress: (done: number, total: number) => void) =>
    run(async () => {
      const lines = text.split(/\r?\n/).filter((line, i) => line.trim() && !(i === 0 && /^kind\s*,/i.test(line)));
      const totals: SuppressionImportReply = { added: 0, already: 0, total: 0 };
      for (let at = 0; at < lines.length; at += SUPPRESSION_IMPORT_MAX) {
        const reply = await api(routes.suppressionImport, { params: { providerId }, body: { csv: lines.slice(at, at + SUPPRESSION_IMPORT_MAX).join('\n') } });
        totals.added += reply.added;
        totals.already += reply.already;
        totals.total += reply.total;
        onProgress(Math.min(at + SUPPRESSION_IMPORT_MAX, lines.length), lines.length);
      }
      return totals;
    });
  const search = (text: string) => run(async () => setFound((await api(routes.suppressionList, { params: { providerId }, query: { value: text } })).results));
  const exportCsv = async () => (await api(routes.suppressionExport, { params: { providerId } })).csv;
  return { latest: value, found, busy, importCsv, search, exportCsv };
}
