/** A statement is named at its third run (one run alone, a migration or a report, is not kept). */
const RUNS_BEFORE_NAMED = 2;
/** Statements named at most (texts that embed values, were there any, would otherwise pile up). */
const MAX_NAMED = 256;
/** Texts counted at most. */
const MAX_TRACKED = 4_096;

/** What a prepared statement can be: a query or a data change (not a transaction's or a session's command). */
const PREPARABLE = /^[\s(]*(select|insert|update|delete|with|values)\b/i;

/** A statement run often enough to be kept prepared, under its name. */
export interface HotStatement {
  readonly name: string;
}

/**
 * Which statement texts a process keeps prepared (parsed and planned once, not on every run):
 * those it runs a third time, up to MAX_NAMED of them, each under one name for every connection.
 */
export class HotStatements {
  private readonly seen = new Map<string, number | HotStatement>();
  private named = 0;

  constructor(private readonly prefix: string) {}

  /** The statement `text` is run as, once it is hot; undefined: run it as it is. */
  run(text: string): HotStatement | undefined {
    const entry = this.seen.get(text);
    if (typeof entry === 'object') return entry;
    if (entry === undefined && (this.seen.size >= MAX_TRACKED || !PREPARABLE.test(text))) return undefined;
    const runs = (entry ?? 0) + 1;
    if (runs <= RUNS_BEFORE_NAMED || this.named >= MAX_NAMED) {
      this.seen.set(text, runs);
      return undefined;
    }
    this.named += 1;
    const statement: HotStatement = { name: `${this.prefix}${this.named}` };
    this.seen.set(text, statement);
    return statement;
  }
}
