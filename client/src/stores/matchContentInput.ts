import type { MatchContent, MatchContentInput } from '@odds/protocol';

/** A saved match content record as its save body (the match content save updates it by id). */
export function matchContentInput(record: MatchContent, patch: Partial<MatchContent> = {}): MatchContentInput {
  const mc = { ...record, ...patch };
  const common = {
    id: mc.id,
    market_id: mc.market?.id ?? null,
    market_type_id: mc.market_type?.id ?? null,
    channel_id: mc.channel.id,
    ruleset_id: mc.ruleset?.id ?? null,
    language: mc.language.code,
    node_id: mc.node_id,
    sub_node: mc.sub_node,
    leaf_node: mc.leaf_node,
    link_target: mc.link_target as MatchContentInput['link_target'],
    period: mc.period,
    hold: mc.hold,
    content: mc.content,
  };
  if (mc.timed && mc.contact_id !== null && mc.meta.before !== null) {
    return { ...common, timed: true, contact_id: mc.contact_id, meta: { before: mc.meta.before } };
  }
  return { ...common, timed: false, contact_id: mc.contact_id, meta: { before: mc.meta.before } };
}

/** How a match content record reads in lists and the basket: market, language and channel. */
export const matchContentLabel = (mc: MatchContent) =>
  `${mc.market?.name ?? mc.market_type?.name ?? 'Any market'} · ${mc.language.code} · ${mc.channel.name} · ${mc.node_id}`;
