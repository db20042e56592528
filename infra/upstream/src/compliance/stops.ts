import { sql } from 'drizzle-orm';
import type { AuditActor, SendStop, SendStopInput } from '@odds/protocol';
import { versionedWrite, type WriteStore } from '../coedit/versioned';
import type { Queryable } from '../db/client';
import { Errors } from '../errors';

interface Row {
  provider_id: number | null;
  provider_name: string | null;
  stopped: boolean | null;
  reason: string | null;
  changed_by_id: number | null;
  changed_by: string | null;
  changed_at: string | Date | null;
  version: number | null;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

function present(row: Row): SendStop {
  const written = row.version !== null && Number(row.version) > 0;
  return {
    provider: row.provider_id === null ? null : { id: Number(row.provider_id), name: row.provider_name ?? '' },
    stopped: row.stopped === true,
    reason: row.reason ?? '',
    changed_by: written ? { id: row.changed_by_id === null ? null : Number(row.changed_by_id), name: row.changed_by ?? '' } : null,
    changed_at: written && row.changed_at ? new Date(row.changed_at).toISOString() : null,
    version: Number(row.version ?? 0),
  };
}

/** Every scope of the kill switch: the deployment first, then each provider by name (a scope never stopped: version 0). */
export async function listStops(db: Queryable): Promise<SendStop[]> {
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select null::int as provider_id, null::text as provider_name, s.stopped, s.reason, s.changed_by_id, s.changed_by, s.changed_at, s.version
      from (select 1) one left join send_stops s on s.provider_id is null
      union all
      select p.id, p.name, s.stopped, s.reason, s.changed_by_id, s.changed_by, s.changed_at, s.version
      from providers p left join send_stops s on s.provider_id = p.id`),
  );
  const [all, ...providers] = [rows.find((r) => r.provider_id === null)!, ...rows.filter((r) => r.provider_id !== null)];
  providers.sort((a, b) => (a.provider_name ?? '').localeCompare(b.provider_name ?? '') || Number(a.provider_id) - Number(b.provider_id));
  return [all, ...providers].map(present);
}

/**
 * Stops or resumes the sends of a provider (or of the deployment): one versioned, audited write
 * (coedit/versioned.ts) whose notice reaches every console (its banner) and every engine (which
 * drops its copy of the switch: engine/send-stops.ts). The scope's row is made on first use at
 * version 0, so two admins who both read "never stopped" cannot both write: the second gets a 409.
 */
export async function saveStop(store: WriteStore, actor: AuditActor, input: SendStopInput): Promise<SendStop> {
  const reason = input.reason.trim();
  if (input.stopped && reason === '') throw new Errors.BadRequest('Say why sends are stopped (the reason is shown in every console)');
  const scope = input.provider_id ?? 0;
  let id = 0;
  await versionedWrite(
    store,
    {
      entity: 'send_stop',
      actor,
      targets: async (tx) => {
        if (input.provider_id !== null) {
          const found = rowsOf<{ id: number }>(await tx.execute(sql`select id from providers where id = ${input.provider_id}`));
          if (!found.length) throw new Errors.NotFound('Provider', input.provider_id);
        }
        await tx.execute(sql`insert into send_stops (provider_id, version) values (${input.provider_id}, 0) on conflict do nothing`);
        const [row] = rowsOf<{ id: number; stopped: boolean }>(
          await tx.execute(sql`select id, stopped from send_stops where coalesce(provider_id, 0) = ${scope}`),
        );
        id = Number(row!.id);
        return [{ id, expected: input.version }];
      },
    },
    async (tx) => {
      const [row] = rowsOf<{ stopped: boolean }>(await tx.execute(sql`select stopped from send_stops where id = ${id}`));
      if (!input.stopped && !row!.stopped) throw new Errors.BadRequest('Sends are not stopped here: there is nothing to resume');
      await tx.execute(sql`
        update send_stops set stopped = ${input.stopped}, changed_by_id = ${actor.id}, changed_by = ${actor.name}, changed_at = now(),
          reason = ${input.stopped ? reason : sql`reason`}
        where id = ${id}`);
    },
  );
  const stops = await listStops(store.db);
  return stops.find((s) => (s.provider?.id ?? 0) === scope)!;
}
