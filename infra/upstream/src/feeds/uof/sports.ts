/**
 * The sports the adapter understands: their UOF sport id, whose match_status codes and scores
 * translate.ts reads (periods, goals). Football only for now: a basketball score is points, a
 * tennis score sets, and their status codes are quarters and sets; read as football, a
 * basketball final of 129–93 would be 222 goals. A match of another sport cannot be linked, and
 * a message whose routing key names another sport changes nothing (it is counted).
 */
interface LinkableSport {
  /** UOF's sport id (`sr:sport:1`), as routing keys carry it. */
  uofSportId: number;
  /** The console's sport names it goes by (lower case). */
  names: readonly string[];
}

const LINKABLE: readonly LinkableSport[] = [{ uofSportId: 1, names: ['football', 'soccer'] }];

/** The UOF sport a console sport (by its name) is, when the adapter understands it; else null. */
export function uofSportOf(sportName: string): number | null {
  const name = sportName.trim().toLowerCase();
  return LINKABLE.find((s) => s.names.includes(name))?.uofSportId ?? null;
}

/** Whether the adapter reads messages of this UOF sport id (a routing key's sport part). */
export const readsUofSport = (uofSportId: number) => LINKABLE.some((s) => s.uofSportId === uofSportId);

/** The 400 answer's reason when a match of `sportName` is linked. */
export const notLinkable = (sportName: string) =>
  `UOF events can be linked to football matches only: the adapter reads football's status codes and scores, not ${sportName}'s.`;
