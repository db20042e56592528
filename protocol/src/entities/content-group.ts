import { Type, type Static } from 'typebox';
import { BoundedString, Id, Nullable } from '../common';
import { ChannelId } from './channel';
import { ContentItem, ContentType, LinkTarget } from './content';
import { VersionField } from './audit';

/**
 * Body of a group create or update (SPEC §7 `POST groups`): one text per language, saved as one
 * content item per language sharing type, channel, markets, link target and categories.
 */
export const ContentGroupInput = Type.Object({
  ...VersionField,
  /** Optional (SPEC §5 "Group name is optional"). */
  name: Type.Optional(Nullable(BoundedString(200))),
  content_type: ContentType,
  channel_id: ChannelId,
  /** Language code to text; codes are checked by the service for the exact SPEC §8 message. */
  content: Type.Record(Type.String({ minLength: 1, maxLength: 16 }), BoundedString(4000), { minProperties: 1, maxProperties: 20 }),
  market_ids: Type.Array(Id, { maxItems: 500, uniqueItems: true }),
  link_target: Type.Optional(Nullable(LinkTarget)),
  categories: Type.Array(Id, { maxItems: 500, uniqueItems: true }),
});
export type ContentGroupInput = Static<typeof ContentGroupInput>;

/** A group as the groups list (the CMS group filter) shows it. */
export const ContentGroupSummary = Type.Object({
  id: Id,
  name: Nullable(Type.String()),
  content_type: ContentType,
  channel_id: Id,
  item_count: Type.Integer({ minimum: 0 }),
});
export type ContentGroupSummary = Static<typeof ContentGroupSummary>;

/** One group with its items (SPEC §7 "GET group -> name and content items"). */
export const ContentGroup = Type.Object({ id: Id, ...VersionField, name: Nullable(Type.String()), items: Type.Array(ContentItem) });
export type ContentGroup = Static<typeof ContentGroup>;
