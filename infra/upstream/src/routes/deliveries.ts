import type { FastifyInstance } from 'fastify';
import { idsOf, routes } from '@odds/protocol';
import { assertMatch } from '../catalog/matches';
import { actorOf, versionedWrite } from '../coedit/versioned';
import { csvHeader, csvRow } from '../reads/csv';
import { allDeliveries, listDeliveries } from '../reads/deliveries';
import { Errors } from '../errors';
import { implement } from '../http/implement';
import { conditionalGets } from './etag';
import type { RouteDeps } from './deps';

function checkDates(from?: string, to?: string): void {
  for (const [name, value] of [
    ['from_date', from],
    ['to_date', to],
  ] as const) {
    if (value && Number.isNaN(Date.parse(`${value}T00:00:00Z`))) throw new Errors.BadRequest(`${name} '${value}' is not a date.`);
  }
  if (from && to && from > to) throw new Errors.BadRequest(`from_date ${from} is after to_date ${to}.`);
}

/** Deliveries: the Reports screen (and its CSV export), a match's Delivery tab, and the stats refresh. */
export async function deliveryRoutes(app: FastifyInstance, { db, broker = null }: RouteDeps) {
  conditionalGets(app);
  implement(app, routes.deliveries, async ({ params, query }) => {
    checkDates(query.from_date, query.to_date);
    return listDeliveries(db, { providerId: params.p, sportId: params.s, channel: query.channel, fromDate: query.from_date, toDate: query.to_date }, query);
  });

  implement(app, routes.deliveriesCsv, async ({ params, query, reply }) => {
    checkDates(query.from_date, query.to_date);
    const filter = { providerId: params.p, sportId: params.s, channel: query.channel, fromDate: query.from_date, toDate: query.to_date };
    // A UTF-8 byte order mark first: spreadsheet programs then read 'Mål' and '–' as UTF-8.
    let csv = `\uFEFF${csvHeader()}`;
    for await (const page of allDeliveries(db, filter, query.sort)) for (const delivery of page) csv += csvRow(delivery);
    const span = [query.from_date, query.to_date].filter(Boolean).join('_to_');
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="deliveries-${params.p}-${params.s}${span ? `-${span}` : ''}.csv"`);
    return csv;
  });

  implement(app, routes.matchDeliveries, async ({ params, query }) => {
    const ids = idsOf(query.ids);
    const reply = await listDeliveries(
      db,
      { matchId: params.matchId, marketId: query.market_id, offerId: query.offer_id, beforeId: query.before_id, ids },
      // Deliveries named by id come all of them unless a page is asked for (the default page holds 20).
      { ...query, limit: query.limit ?? ids?.length, sort: query.sort ?? query.order_by },
    );
    // Polled every second per watched match: the match is looked up only when the list is empty.
    if (!reply.deliveries.length) await assertMatch(db, params.matchId);
    return reply;
  });

  implement(app, routes.deliveryStats, async ({ params }) => app.engine.refreshStats(params.logId));

  // An operator's retry of a FAILED delivery: audited (the match's History shows it), announced.
  implement(app, routes.deliveryRetry, async ({ params, user }) => {
    const engine = app.engine;
    const { matchId } = await versionedWrite(app.writes, { entity: 'delivery', actor: actorOf(user), targets: [{ id: params.logId, expected: null }] }, (tx) =>
      engine.retryFailed(tx, params.logId),
    );
    engine.bus.publish({ match_id: matchId, topics: ['deliveries'], delivery_ids: [params.logId] });
    const [delivery] = (await listDeliveries(db, { id: params.logId }, {})).deliveries;
    // Embedded, this process is the sender: the call goes out now. On a broker a worker's next poll takes it.
    if (!broker) void engine.pollSends().catch(() => {});
    if (!delivery) throw new Errors.NotFound('Delivery', params.logId);
    return delivery;
  });
}
