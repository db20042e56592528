import type { Offer } from '@odds/protocol';
import { useState } from 'react';
import { GenericTable, type ListController, type TableColumn } from '../../../components/table';
import type { MatchLive } from '../../../live/matchLive';
import type { PagedTopic } from '../../../live/older';
import { LoadOlder } from '../LoadOlder';
import { WhyPanel } from './WhyPanel';

interface WhyTableProps {
  live: MatchLive | null;
  matchId: number;
  list: ListController<Offer>;
  columns: readonly TableColumn<Offer>[];
  label: string;
  emptyMessage: string;
  /** The live topic the rows come from, for "Load older" under the table; null: no such button. */
  older: { topic: PagedTopic; marketId: number | null; label: string } | null;
}

/**
 * A live table of a match's offers (a feed event is an offer too) whose row, clicked or on Enter,
 * opens its Why panel: what fired on it and why, who received what, what was held back.
 */
export function WhyTable({ live, matchId, list, columns, label, emptyMessage, older }: WhyTableProps) {
  const [why, setWhy] = useState<Offer | null>(null);
  return (
    <>
      <GenericTable list={list} columns={columns} label={label} emptyMessage={emptyMessage} onActivate={setWhy} />
      {older && <LoadOlder live={live} topic={older.topic} marketId={older.marketId} label={older.label} />}
      <WhyPanel live={live} matchId={matchId} offer={why} onHide={() => setWhy(null)} />
    </>
  );
}
