import { Type } from 'typebox';
import { DeleteReply, IdParam, ListQuery, ListReply, ProviderSportQuery, Sort } from '../common';
import { ChannelId } from '../entities/channel';
import { CompilerReply, CompilerRequest, ContentOptionsRequest, ContentParseReply, ContentParseRequest, ContentElement } from '../entities/compiler';
import { ContentCategory, ContentItem, ContentItemInput, ContentTemplate, ContentType } from '../entities/content';
import { defineRoute } from './define';

const ContentParams = Type.Object({ id: IdParam });

/** Filters of the CMS list and the match Content tab's side panel (SPEC §7 `GET contents`). */
export const ContentsQuery = Type.Object({
  ...ListQuery,
  ...ProviderSportQuery,
  sort: Type.Optional(Sort),
  match_id: Type.Optional(IdParam),
  language_code: Type.Optional(Type.String({ maxLength: 16 })),
  content_type: Type.Optional(ContentType),
  channel_id: Type.Optional(ChannelId),
  group_id: Type.Optional(IdParam),
  category_id: Type.Optional(IdParam),
  market_id: Type.Optional(IdParam),
  market_type_id: Type.Optional(IdParam),
  link_target: Type.Optional(Type.String({ maxLength: 64 })),
  auto_build: Type.Optional(Type.Boolean()),
  active: Type.Optional(Type.Boolean()),
});

export const contentRoutes = {
  contentCategories: defineRoute({
    method: 'GET',
    path: '/api/1/content/categories',
    service: 'content',
    summary: 'Every content category.',
    reply: ListReply(ContentCategory),
  }),
  contents: defineRoute({
    method: 'GET',
    path: '/api/1/contents',
    service: 'content',
    summary: 'Content items, filtered; default sort -created_at.',
    query: ContentsQuery,
    reply: ListReply(ContentItem),
  }),
  contentItem: defineRoute({
    method: 'GET',
    path: '/api/1/content/:id',
    service: 'content',
    summary: 'One content item (fetched only for a numeric id, SPEC §5).',
    params: ContentParams,
    reply: ContentItem,
  }),
  contentCreate: defineRoute({
    method: 'POST',
    path: '/api/1/content',
    service: 'content',
    multipart: true,
    summary: 'Create a content item; an image item carries its file (image/* only) as the `image` part.',
    query: Type.Object({ ...ProviderSportQuery }),
    body: ContentItemInput,
    reply: ContentItem,
  }),
  contentUpdate: defineRoute({
    method: 'POST',
    path: '/api/1/content/:id',
    service: 'content',
    summary: 'Update a content item.',
    params: ContentParams,
    body: ContentItemInput,
    reply: ContentItem,
  }),
  contentDelete: defineRoute({
    // §7: "DELETE content/{id} (by id list)": further ids may ride along in `ids` (delete all).
    method: 'DELETE',
    path: '/api/1/content/:id',
    service: 'content',
    summary: 'Delete a content item, and any further items listed in `ids`.',
    params: ContentParams,
    query: Type.Object({ ids: Type.Optional(Type.Array(IdParam, { maxItems: 1000 })) }),
    reply: DeleteReply,
  }),
  contentParse: defineRoute({
    method: 'POST',
    path: '/api/1/content/parse',
    service: 'content',
    summary: "Fill the query tags of text for a match, from a side's point of view (playground test).",
    body: ContentParseRequest,
    reply: ContentParseReply,
  }),
  contentAutoToggle: defineRoute({
    method: 'POST',
    path: '/api/1/content/:id/auto/toggle',
    service: 'content',
    summary: "Flip a content item's auto_build flag; returns both flags.",
    params: ContentParams,
    reply: ContentTemplate,
  }),
  contentActiveToggle: defineRoute({
    method: 'POST',
    path: '/api/1/content/:id/active/toggle',
    service: 'content',
    summary: "Flip a content item's deliver (active) flag; returns both flags.",
    params: ContentParams,
    reply: ContentTemplate,
  }),
  contentCompiler: defineRoute({
    method: 'POST',
    path: '/api/1/content/compiler',
    service: 'content',
    summary: 'Compile content for two teams, a market and a simulated offer (playground, stats 2).',
    body: CompilerRequest,
    reply: CompilerReply,
  }),
  contentOptions: defineRoute({
    // Path chosen: §7 says only "a separate call generates content options".
    method: 'POST',
    path: '/api/1/content/options',
    service: 'content',
    summary: 'Suggest content texts for a situation (two teams, market, side) in the playground.',
    body: ContentOptionsRequest,
    reply: ListReply(ContentElement),
  }),
  contentImage: defineRoute({
    // Path chosen: ContentItem.image.url points here. Not public like every other call: the client
    // fetches the bytes with its token (e.g. into an object URL) instead of a bare <img src>.
    method: 'GET',
    path: '/api/1/images/:imageId',
    service: 'content',
    summary: "An uploaded content image's bytes (PNG, JPEG, GIF or WebP), with its type.",
    params: Type.Object({ imageId: IdParam }),
    reply: Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary', contentMediaType: 'image/*' }),
  }),
};
