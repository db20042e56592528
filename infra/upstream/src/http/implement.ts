import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteBody, RouteDef, RouteParams, RouteQuery, RouteReply, User } from '@odds/protocol';

export interface Call<R extends RouteDef> {
  params: RouteParams<R>;
  query: RouteQuery<R>;
  body: RouteBody<R>;
  /** The operator making the call; absent only on public routes. */
  user: User;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Registers the handler of one route of the protocol's table, with its schemas for validation
 * (requests) and serialisation (replies), so the contract and the server cannot drift apart.
 */
export function implement<R extends RouteDef>(app: FastifyInstance, route: R, handler: (call: Call<R>) => Promise<RouteReply<R>>): void {
  app.route({
    method: route.method,
    url: route.path,
    config: { public: route.public === true },
    schema: {
      summary: route.summary,
      tags: [route.service],
      ...(route.params && { params: route.params }),
      ...(route.query && { querystring: route.query }),
      ...(route.body && !route.multipart && { body: route.body }),
      response: { 200: route.reply },
    },
    handler: async (request, reply) =>
      handler({
        params: request.params as RouteParams<R>,
        query: (request.query ?? {}) as RouteQuery<R>,
        body: request.body as RouteBody<R>,
        user: request.user as User,
        request,
        reply,
      }),
  });
}
