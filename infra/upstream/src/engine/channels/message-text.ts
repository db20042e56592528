import type { ChannelMessage } from './adapter';

/**
 * The parts of a compiled delivery a messaging channel shows: a title, a body, and the call to
 * action with the link it goes to. The link is the tracked one where the framework made one; a
 * call to action that is itself a URL is its own link.
 */
export interface MessageParts {
  title: string | null;
  body: string | null;
  cta: string | null;
  link: string | null;
}

const isUrl = (value: string | null | undefined): value is string => typeof value === 'string' && /^https?:\/\/\S+$/i.test(value.trim());
const clean = (value: string | null | undefined) => value?.trim() || null;

export function messageParts(message: ChannelMessage): MessageParts {
  const cta = clean(message.log.cta);
  const link = message.link ?? (isUrl(cta) ? cta : null);
  // A call to action that is a URL is shown only as the link (the tracked one where made, so every open counts).
  return { title: clean(message.log.subject), body: clean(message.log.body), cta: cta && !isUrl(cta) ? cta : null, link };
}

/** Shortens a text to `max` characters (code points), ending it with an ellipsis when cut. */
export function shorten(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  return `${chars
    .slice(0, Math.max(0, max - 1))
    .join('')
    .trimEnd()}…`;
}

/** The image URL a message may carry as a picture, when it is an absolute http(s) URL. */
export const imageOf = (message: ChannelMessage): string | null => (isUrl(message.imageUrl) ? message.imageUrl.trim() : null);
