import type { FastifyInstance } from 'fastify';
import { routes } from '@odds/protocol';
import { allAudit, listAudit } from '../coedit/history';
import type { Db } from '../db/client';
import { Errors } from '../errors';
import { requireAdmin } from '../http/auth';
import { implement } from '../http/implement';
import { auditCsvHeader, auditCsvRow } from '../reads/audit-csv';

/**
 * History of every write through the API (coedit/versioned.ts writes it, with its change notices).
 * Operator accounts' rows are the admins' only, as the operators list is: a non-admin asking for
 * them gets SPEC §8's 403, and finds none among the rest. The CSV export is the admins' too.
 */
export async function auditRoutes(app: FastifyInstance, { db }: { db: Db }) {
  implement(app, routes.audit, async ({ query, user }) => {
    if (query.entity === 'account') requireAdmin(user);
    return listAudit(db, query, { accounts: user?.admin === true });
  });

  implement(app, routes.auditCsv, async ({ query, user, reply }) => {
    requireAdmin(user);
    if (query.from && query.to && Date.parse(query.from) > Date.parse(query.to)) throw new Errors.BadRequest(`from ${query.from} is after to ${query.to}.`);
    let csv = `\uFEFF${auditCsvHeader()}`;
    for await (const page of allAudit(db, query)) for (const entry of page) csv += auditCsvRow(entry);
    const what = [query.entity, query.entity_id, query.match_id && `match-${query.match_id}`, query.from?.slice(0, 10), query.to?.slice(0, 10)].filter(Boolean);
    reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="history${what.length ? `-${what.join('_')}` : ''}.csv"`);
    return csv;
  });
}
