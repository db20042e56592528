import { Type } from 'typebox';

/** Score node before kick-off, and the node for content that applies to any in-play score. */
export const PRE_NODE = 'PRE';
export const INPLAY_NODE = 'INPLAY';

/** A score node: PRE, INPLAY or `H{home}-A{away}` (ARCHITECTURE "Domain rules": e.g. H1-A0). */
export const ScoreNodeName = Type.String({ pattern: '^(PRE|INPLAY|H\\d{1,3}-A\\d{1,3})$' });

/** A sub node (e.g. games in a set) or leaf node (e.g. points), named by the sport's definition. */
export const SubNodeName = Type.String({ minLength: 1, maxLength: 32 });
