import { Basket } from '../entities/basket';
import { defineRoute } from './define';

/** The basket popup's own resource (SPEC §2 Basket popup; §7 shows no call, so both are chosen here). */
export const basketRoutes = {
  basket: defineRoute({
    method: 'GET',
    path: '/api/1/basket',
    service: 'content',
    summary: "The signed-in operator's basket (empty until first saved).",
    reply: Basket,
  }),
  basketSave: defineRoute({
    method: 'PUT',
    path: '/api/1/basket',
    service: 'content',
    summary: "Replace the operator's basket; 'required' may not exceed the number of items.",
    body: Basket,
    reply: Basket,
  }),
};
