import { and, eq, like } from 'drizzle-orm';
import { matchMinuteParts } from '@odds/protocol';
import type { Tx } from '../db/client';
import { eventTypes, matches, statEvents } from '../db/schema';
import { EVENT_TYPE_IDS } from '../events/stat-events';
import { loadWorldCup, type Goal, type WorldCup } from '../data/worldcup';

/** Football's stat event types; ids are stable (content, markets' queries and clients refer to them). */
const FOOTBALL_EVENT_TYPES = [
  { id: EVENT_TYPE_IDS.goal, name: 'Goal' },
  { id: EVENT_TYPE_IDS.ownGoal, name: 'Own goal' },
  { id: EVENT_TYPE_IDS.penaltyGoal, name: 'Penalty goal' },
  { id: EVENT_TYPE_IDS.yellowCard, name: 'Yellow card' },
  { id: EVENT_TYPE_IDS.redCard, name: 'Red card' },
  { id: EVENT_TYPE_IDS.corner, name: 'Corner' },
  { id: EVENT_TYPE_IDS.substitution, name: 'Substitution' },
];

/**
 * Where a goal of the data falls: 45+n and 90+n are stoppage time of periods 1 and 2 (protocol's
 * matchMinuteParts); minutes 91 to 120 are extra time, recorded as periods 3 (91-105) and 4 (106-120)
 * with their own stoppage time in extra_time.
 */
export function goalTime(goal: Goal): { period: number; game_time: number; extra_time: number } {
  const offset = goal.offset ?? 0;
  if (goal.minute <= 90) return matchMinuteParts(goal.minute + offset, goal.minute <= 45 ? 1 : 2);
  return { period: goal.minute <= 105 ? 3 : 4, game_time: goal.minute, extra_time: offset };
}

/** Real time of a goal: kick-off plus the minutes played, a 15-minute half-time and 5 minutes before extra time. */
function goalTimestamp(start: Date, goal: Goal, period: number): Date {
  const breaks = (period >= 2 ? 15 : 0) + (period >= 3 ? 5 : 0);
  return new Date(start.getTime() + (goal.minute + (goal.offset ?? 0) + breaks) * 60_000);
}

/**
 * Every goal of both World Cups as stat events of each provider's match of it (matches carry the
 * event id wc{year}-{nn}, nn being the match's place in the data). The team is the one the goal
 * counts for; the participant is the scorer's id in matches.meta.participants, found in the list
 * of the scorer's own team (for an own goal, the other team's). Tags say how the goal changed the
 * match (opener, equaliser, go_ahead) and when it came (stoppage_time, extra_time), after its stat
 * outcome: 'positive', since a goal counts for the team it is credited to (an own goal too).
 */
export async function seedStatEvents(tx: Tx): Promise<void> {
  await tx.insert(eventTypes).values(FOOTBALL_EVENT_TYPES.map((t) => ({ ...t, sportId: 1 })));
  const cups = new Map<number, WorldCup>([
    [2018, loadWorldCup(2018)],
    [2022, loadWorldCup(2022)],
  ]);
  const rows = await tx
    .select({
      id: matches.id,
      eventId: matches.eventId,
      start: matches.start,
      homeTeamId: matches.homeTeamId,
      awayTeamId: matches.awayTeamId,
      meta: matches.meta,
    })
    .from(matches)
    .where(and(eq(matches.sportId, 1), like(matches.eventId, 'wc____-%')));
  const values: (typeof statEvents.$inferInsert)[] = [];
  for (const row of rows) {
    const [, year, nn] = /^wc(\d{4})-(\d+)$/.exec(row.eventId) ?? [];
    const source = cups.get(Number(year))?.matches[Number(nn) - 1];
    if (!source) continue;
    const goals = [...(source.goals1 ?? []).map((goal) => ({ goal, home: true })), ...(source.goals2 ?? []).map((goal) => ({ goal, home: false }))].sort(
      (a, b) => a.goal.minute - b.goal.minute || (a.goal.offset ?? 0) - (b.goal.offset ?? 0),
    );
    let [home, away] = [0, 0];
    for (const { goal, home: forHome } of goals) {
      const before = forHome ? home - away : away - home;
      if (forHome) home += 1;
      else away += 1;
      const time = goalTime(goal);
      // The scorer plays for the credited team, except for an own goal.
      const scorerTeam = forHome !== Boolean(goal.owngoal) ? source.team1 : source.team2;
      const participant = row.meta.participants[scorerTeam]?.find((p) => p.name === goal.name)?.id ?? null;
      const tags = [
        'positive',
        home + away === 1 ? 'opener' : before === -1 ? 'equaliser' : before === 0 ? 'go_ahead' : null,
        goal.offset ? 'stoppage_time' : null,
        time.period >= 3 ? 'extra_time' : null,
      ].filter((tag): tag is string => tag !== null);
      values.push({
        matchId: row.id,
        typeId: goal.owngoal ? EVENT_TYPE_IDS.ownGoal : goal.penalty ? EVENT_TYPE_IDS.penaltyGoal : EVENT_TYPE_IDS.goal,
        period: time.period,
        gameTime: time.game_time,
        extraTime: time.extra_time,
        teamId: forHome ? row.homeTeamId : row.awayTeamId,
        participant,
        tags,
        timestamp: goalTimestamp(row.start, goal, time.period),
      });
    }
  }
  for (let i = 0; i < values.length; i += 500) await tx.insert(statEvents).values(values.slice(i, i + 500));
}
