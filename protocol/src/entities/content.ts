import { Type, type Static } from 'typebox';
import { BoundedString, Id, NamedRef, Nullable, Timestamp } from '../common';
import { ChannelId } from './channel';
import { LanguageCode, LanguageCodeInput } from './language';
import { VersionField } from './audit';

/** The parts a delivery is made of (SPEC §3). */
export const CONTENT_TYPES = ['title', 'content', 'cta', 'image'] as const;
export const ContentType = Type.Enum(CONTENT_TYPES);
export type ContentType = Static<typeof ContentType>;

/** Which team's point of view a content item is written from: none, both, home or away. */
export const SIDE_CONTEXTS = ['none', 'both', 'home', 'away'] as const;
export const SideContext = Type.Enum(SIDE_CONTEXTS);
export type SideContext = Static<typeof SideContext>;

/** A team side (playground, stats 2, apex). */
export const Side = Type.Enum(['home', 'away']);
export type Side = Static<typeof Side>;

/** How stats 2 and the compiler choose the outcome to promote (SPEC §3). */
export const SelectionBehaviour = Type.Enum(['historical_favourite', 'all', 'odd_favourite']);
export type SelectionBehaviour = Static<typeof SelectionBehaviour>;

/** Outcomes a piece of content can be about (SPEC §3 "Content outcome options"). */
export const CONTENT_OUTCOME_OPTIONS = [
  { value: 'any', label: 'Any' },
  { value: 'home', label: 'home' },
  { value: 'away', label: 'away' },
  { value: 'draw', label: 'draw' },
  { value: 'over', label: 'over' },
  { value: 'under', label: 'under' },
  { value: 'yes', label: 'yes' },
  { value: 'no', label: 'no' },
  { value: 'combinations', label: 'combinations' },
  { value: 'correct_scores', label: 'correct scores' },
  { value: 'goal_bands', label: 'goal bands' },
  { value: 'corner_bands', label: 'corner bands' },
] as const;

export const ContentCategory = Type.Object({ id: Id, name: Type.String() });
export type ContentCategory = Static<typeof ContentCategory>;

/** A query tag, written into content as {{home.key}} or {{away.key}} and filled in when compiled. */
export const QueryTag = Type.Object({ name: Type.String(), key: Type.String() });
export type QueryTag = Static<typeof QueryTag>;

/** The template flags every content item carries: built into offers automatically, and delivered. */
export const ContentTemplate = Type.Object({ id: Id, auto_build: Type.Boolean(), deliver: Type.Boolean() });
export type ContentTemplate = Static<typeof ContentTemplate>;

/** Where a cta or content item links: a threshold key of its market (SPEC §5). */
export const LinkTarget = Type.String({ minLength: 1, maxLength: 64 });

export const ContentItem = Type.Object({
  id: Id,
  ...VersionField,
  content: Type.String(),
  content_type: ContentType,
  language: LanguageCode,
  channel_id: Id,
  side_context: SideContext,
  image: Nullable(Type.Object({ url: Type.String() })),
  link_target: Nullable(Type.String()),
  categories: Type.Array(NamedRef),
  markets: Type.Array(NamedRef),
  market_types: Type.Array(NamedRef),
  /** For the provider in `provider` only (SPEC §5 "Provider lock"). */
  provider_lock: Type.Boolean(),
  auto_build: Type.Boolean(),
  deliver: Type.Boolean(),
  group: Nullable(NamedRef),
  /** Archived items stay listed, struck through. */
  archived_at: Nullable(Timestamp),
  provider: Nullable(Id),
});
export type ContentItem = Static<typeof ContentItem>;

const Ids = Type.Array(Id, { maxItems: 500, uniqueItems: true });

/**
 * Body of a content item create or update. On create it arrives as multipart form fields beside
 * the image file (SPEC §7), for type image `content` may then be empty.
 */
export const ContentItemInput = Type.Object({
  ...VersionField,
  content: BoundedString(4000),
  content_type: ContentType,
  language: LanguageCodeInput,
  channel_id: ChannelId,
  side_context: Type.Optional(Type.Enum(SIDE_CONTEXTS, { default: 'none' })),
  link_target: Type.Optional(Nullable(LinkTarget)),
  categories: Type.Optional(Ids),
  markets: Type.Optional(Ids),
  market_types: Type.Optional(Ids),
  provider_lock: Type.Optional(Type.Boolean()),
  auto_build: Type.Optional(Type.Boolean()),
  deliver: Type.Optional(Type.Boolean()),
  group_id: Type.Optional(Nullable(Id)),
});
export type ContentItemInput = Static<typeof ContentItemInput>;
