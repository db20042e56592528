import { Type } from 'typebox';
import { IdParam } from '../common';
import { defineRoute } from './define';

export const bannerRoutes = {
  banner: defineRoute({
    // Path chosen: §7 says only "embedded frame for match and market". The reply is an HTML page;
    // the client fetches it with its token and shows it with `<iframe srcdoc>`, so the token never
    // travels in a URL.
    method: 'GET',
    path: '/api/1/banner/:matchId/:marketId',
    service: 'content',
    summary: "HTML creative of a match's market with its current odds (Graph tab 'Show Creative').",
    params: Type.Object({ matchId: IdParam, marketId: IdParam }),
    reply: Type.String({ contentMediaType: 'text/html' }),
  }),
};
