import { Type } from 'typebox';
import { IdParam, ListQuery, ListReply, ProviderSportQuery } from '../common';
import { ContentGroup, ContentGroupInput, ContentGroupSummary } from '../entities/content-group';
import { defineRoute } from './define';

const ProviderSport = Type.Object({ ...ProviderSportQuery });

/** Grouped content: one text per language saved as items that share everything else. */
export const groupRoutes = {
  groups: defineRoute({
    method: 'GET',
    path: '/api/1/groups',
    service: 'content',
    summary: 'Content groups (the CMS group filter).',
    query: Type.Object({ ...ListQuery, ...ProviderSportQuery }),
    reply: ListReply(ContentGroupSummary),
  }),
  group: defineRoute({
    // Path chosen: §7 gives "GET group (provider, sport, group)" without a path.
    method: 'GET',
    path: '/api/1/:p/:s/group/:groupId',
    service: 'content',
    summary: 'One group with its content items (the Grouped Content edit form).',
    params: Type.Object({ p: IdParam, s: IdParam, groupId: IdParam }),
    reply: ContentGroup,
  }),
  groupCreate: defineRoute({
    method: 'POST',
    path: '/api/1/groups',
    service: 'content',
    summary: 'Create a group: one content item per language.',
    query: ProviderSport,
    body: ContentGroupInput,
    reply: ContentGroup,
  }),
  groupUpdate: defineRoute({
    // Path chosen: §7 gives "POST group update" without a path.
    method: 'POST',
    path: '/api/1/groups/:groupId',
    service: 'content',
    summary: 'Update a group and its items (items of languages no longer given are removed).',
    params: Type.Object({ groupId: IdParam }),
    query: ProviderSport,
    body: ContentGroupInput,
    reply: ContentGroup,
  }),
};
