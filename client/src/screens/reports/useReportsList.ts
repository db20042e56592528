import { DEFAULT_CHANNEL_ID, DEFAULT_SORTS, routes } from '@odds/protocol';
import { useCallback, useState } from 'react';
import { useSnapshot } from 'valtio';
import { api } from '../../api/client';
import { useList } from '../../components/table';
import { contextStore } from '../../stores/context';
import { downloadReportCsv } from './csvExport';

/** What the deliveries call sorts by. */
const REPORT_SORT_FIELDS = ['id', 'created_at', 'sent_at', 'status', 'channel', 'language', 'market', 'contact', 'node_id', 'match_id'];

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
const isChannel = (value: string) => /^[1-9]$/.test(value);

/**
 * The Reports list: deliveries of a channel (1 by default) between two dates, newest first
 * ('-created_at', start 0), with the refresh of a delivery's stats and the CSV export.
 */
export function useReportsList() {
  const { providerId, sportId } = useSnapshot(contextStore);
  const list = useList({
    route: routes.deliveries,
    params: { p: providerId, s: sportId },
    defaultSort: DEFAULT_SORTS.reports,
    sortFields: REPORT_SORT_FIELDS,
    filters: {
      channel: { default: String(DEFAULT_CHANNEL_ID), valid: isChannel },
      from_date: { valid: isDate },
      to_date: { valid: isDate },
    },
  });
  const [busy, setBusy] = useState<'csv' | number | null>(null);

  /** 'refresh stats': asks the channel for the delivery's report again, then reloads the list. */
  const refreshStats = useCallback(
    async (logId: number) => {
      setBusy(logId);
      try {
        await api(routes.deliveryStats, { params: { logId } });
      } catch {
        // Shown by the API client.
      } finally {
        setBusy(null);
        list.reload();
      }
    },
    [list],
  );

  const exportCsv = useCallback(async () => {
    setBusy('csv');
    try {
      await downloadReportCsv({
        p: providerId,
        s: sportId,
        channel: list.filter.channel ?? String(DEFAULT_CHANNEL_ID),
        from_date: list.filter.from_date ?? '',
        to_date: list.filter.to_date ?? '',
        sort: list.sort,
      });
    } catch {
      // Shown by the API client.
    } finally {
      setBusy(null);
    }
  }, [providerId, sportId, list.filter, list.sort]);

  return { list, refreshStats, exportCsv, busy };
}

export type ReportsList = ReturnType<typeof useReportsList>['list'];
