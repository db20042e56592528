import type { FastifyReply } from 'fastify';
import { errorDocument } from './xml';

const LANGUAGE = /^[a-z]{2}(-[a-z]{2,4})?$/i;

/** How every route of the stand-in answers, as the vendor does: XML bodies, and its error document on a refusal. */
export interface Replies {
  xml(reply: FastifyReply, status: number, body: string): FastifyReply;
  refuse(reply: FastifyReply, status: 400 | 403 | 404, message: string): FastifyReply;
  /** Whether `lang` is a language code; when it is not, the reply is already a 404. */
  language(lang: string, reply: FastifyReply): boolean;
}

/** The replies, their error documents dated by the stand-in's clock. */
export function replies(now: () => number): Replies {
  const xml = (reply: FastifyReply, status: number, body: string) => reply.status(status).type('application/xml; charset=utf-8').send(body);
  const refuse = (reply: FastifyReply, status: 400 | 403 | 404, message: string) =>
    xml(reply, status, errorDocument({ 400: 'BAD_REQUEST', 403: 'FORBIDDEN', 404: 'NOT_FOUND' }[status], message, new Date(now())));
  const language = (lang: string, reply: FastifyReply) => {
    if (!LANGUAGE.test(lang)) refuse(reply, 404, `Unknown language '${lang}'.`);
    return LANGUAGE.test(lang);
  };
  return { xml, refuse, language };
}
