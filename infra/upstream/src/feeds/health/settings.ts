/** Feed health settings (docs/configuration.md, docs/feeds-uof.md). */
export interface FeedHealthSettings {
  /** A live match with no feed message for this long is stalled (FEED_STALL_S, default 60). */
  stallAfterS: number;
}

export function feedHealthSettings(env: { FEED_STALL_S?: string }): FeedHealthSettings {
  const stall = Number(env.FEED_STALL_S ?? 60);
  if (!Number.isFinite(stall) || stall < 1 || stall > 86_400)
    throw new Error(`FEED_STALL_S must be a number of seconds from 1 to 86400, got '${env.FEED_STALL_S}'`);
  return { stallAfterS: Math.round(stall) };
}
