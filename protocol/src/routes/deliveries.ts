import { Type } from 'typebox';
import { DateString, IdParam, IdsQuery, ListQuery, Sort } from '../common';
import { ChannelId } from '../entities/channel';
import { DeliveriesReply, Delivery, DeliveryStats } from '../entities/delivery';
import { ProviderSportParams } from './catalog';
import { defineRoute } from './define';

export const deliveryRoutes = {
  deliveries: defineRoute({
    method: 'GET',
    path: '/api/1/:p/:s/delivery',
    service: 'control',
    summary: 'Deliveries of a channel between two dates (the Reports screen); default sort -created_at.',
    params: ProviderSportParams,
    query: Type.Object({
      ...ListQuery,
      sort: Type.Optional(Sort),
      channel: Type.Optional(ChannelId),
      from_date: Type.Optional(DateString),
      to_date: Type.Optional(DateString),
    }),
    reply: DeliveriesReply,
  }),
  deliveriesCsv: defineRoute({
    // The Reports screen's export: every row of the filtered report (all pages), made by the server.
    method: 'GET',
    path: '/api/1/:p/:s/delivery/csv',
    service: 'control',
    summary: 'The filtered deliveries report as CSV (text/csv, all rows, same filters and sort as the report).',
    params: ProviderSportParams,
    query: Type.Object({
      sort: Type.Optional(Sort),
      channel: Type.Optional(ChannelId),
      from_date: Type.Optional(DateString),
      to_date: Type.Optional(DateString),
    }),
    reply: Type.String(),
  }),
  matchDeliveries: defineRoute({
    method: 'GET',
    path: '/api/1/delivery/match/:matchId',
    service: 'control',
    summary: "A match's deliveries, newest first (the Delivery tab). Filter by market or offer, or to `ids`.",
    params: Type.Object({ matchId: IdParam }),
    query: Type.Object({
      ...ListQuery,
      sort: Type.Optional(Sort),
      market_id: Type.Optional(IdParam),
      offer_id: Type.Optional(IdParam),
      // "Load older" of the Delivery tab: only deliveries with a smaller id (older than the first snapshot's rows).
      before_id: Type.Optional(IdParam),
      ...IdsQuery,
    }),
    reply: DeliveriesReply,
  }),
  deliveryStats: defineRoute({
    method: 'GET',
    path: '/api/1/delivery/stats/:logId',
    service: 'control',
    summary: "Fetch a delivery's sent/open report again from its channel ('refresh stats').",
    params: Type.Object({ logId: IdParam }),
    reply: DeliveryStats,
  }),
  deliveryRetry: defineRoute({
    method: 'POST',
    path: '/api/1/delivery/:logId/retry',
    service: 'control',
    summary: 'Retry a FAILED delivery by hand: back to PENDING, due at once, with a fresh deadline (audited; 409 unless FAILED).',
    params: Type.Object({ logId: IdParam }),
    reply: Delivery,
  }),
};
