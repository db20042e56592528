import type { Params } from 'react-router-dom';
import type { PlaceholderProps } from '../screens/placeholder/Placeholder';

/** Screens of SPEC §2 not built yet, by route path: what each will hold. Built screens leave this list. */
type Entry = PlaceholderProps & { paths: string[] };

const match = (suffix: string) => (p: Params) => `Match ${p.matchId} ${suffix}`.trim();

export const PLACEHOLDERS: Entry[] = [
  {
    paths: ['match/:matchId/thresholds'],
    title: match('thresholds'),
    text: "This tab will list the match's markets with their saved threshold sets and an editor with Value, Relative and Range modes.",
  },
  {
    // SPEC §2: the content route is loosely matched.
    paths: ['match/:matchId/content/*'],
    title: match('content'),
    text: "This tab will hold the match's content form and a preview of its content grouped by market, language or channel.",
  },
];
