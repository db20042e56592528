import { Type, type Static } from 'typebox';
import { BoundedString, Id, NamedRef, Nullable, Period } from '../common';
import { Channel, ChannelId } from './channel';
import { LinkTarget } from './content';
import { LanguageCode, LanguageCodeInput } from './language';
import { ScoreNodeName, SubNodeName } from './score';
import { VersionField } from './audit';
import { ContentFlags } from './jurisdiction';

/** One text of match content (a title, a body, a cta or an image url) and where it links. */
export const MatchContentEntry = Type.Object({
  id: Type.Optional(Id),
  content: BoundedString(4000, 1),
  link_target: Type.Optional(Nullable(LinkTarget)),
});
export type MatchContentEntry = Static<typeof MatchContentEntry>;

const Entries = Type.Array(MatchContentEntry, { maxItems: 100 });

/** Content of one match content record, grouped by content type (SPEC §3). */
export const MatchContentParts = Type.Object({ title: Entries, content: Entries, cta: Entries, image: Entries });
export type MatchContentParts = Static<typeof MatchContentParts>;

/**
 * Match content (SPEC §3): what is sent for a market of a match, in one language and channel, at a
 * score node (PRE, INPLAY or H{x}-A{y}, with sub and leaf nodes where the sport has them). Timed
 * content goes out `meta.before` minutes before kick-off to one contact. `hold` keeps it in the
 * basket (Hold) instead of sending it (Send).
 */
export const MatchContent = Type.Object({
  id: Id,
  ...VersionField,
  match_id: Id,
  market: Nullable(NamedRef),
  market_type: Nullable(NamedRef),
  channel: Channel,
  ruleset: Nullable(NamedRef),
  language: Type.Object({ code: LanguageCode }),
  node_id: ScoreNodeName,
  sub_node: Nullable(SubNodeName),
  leaf_node: Nullable(SubNodeName),
  link_target: Nullable(Type.String()),
  timed: Type.Boolean(),
  contact_id: Nullable(Id),
  period: Nullable(Period),
  meta: Type.Object({ before: Nullable(Type.Integer({ minimum: 0 })) }),
  hold: Type.Boolean(),
  content: MatchContentParts,
  /** What the text does (call to wager, boosted odds, bonus): a jurisdiction may forbid it (docs/compliance.md); the services always send it. */
  flags: Type.Optional(ContentFlags),
});
export type MatchContent = Static<typeof MatchContent>;

const inputFields = {
  /** Present to update an existing record, absent to create one. */
  id: Type.Optional(Id),
  ...VersionField,
  market_id: Nullable(Id),
  market_type_id: Type.Optional(Nullable(Id)),
  channel_id: ChannelId,
  ruleset_id: Type.Optional(Nullable(Id)),
  language: LanguageCodeInput,
  node_id: ScoreNodeName,
  sub_node: Type.Optional(Nullable(SubNodeName)),
  leaf_node: Type.Optional(Nullable(SubNodeName)),
  link_target: Type.Optional(Nullable(LinkTarget)),
  period: Type.Optional(Nullable(Period)),
  hold: Type.Optional(Type.Boolean()),
  content: MatchContentParts,
  /** Absent: none on a new record, left as they are on an update. */
  flags: Type.Optional(ContentFlags),
};

/** Minutes before kick-off timed content goes out. */
const Before = Type.Integer({ minimum: 1, maximum: 10_080 });

/**
 * Body of a match content save (SPEC §7 `POST match/{id}/content`). Two variants because timed
 * content needs a timing in minutes and a contact (SPEC §5), which untimed content does not.
 */
export const MatchContentInput = Type.Union([
  Type.Object({
    ...inputFields,
    timed: Type.Optional(Type.Literal(false)),
    contact_id: Type.Optional(Nullable(Id)),
    meta: Type.Optional(Type.Object({ before: Type.Optional(Nullable(Before)) })),
  }),
  Type.Object({
    ...inputFields,
    timed: Type.Literal(true),
    contact_id: Id,
    meta: Type.Object({ before: Before }),
  }),
]);
export type MatchContentInput = Static<typeof MatchContentInput>;
