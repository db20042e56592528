import type { Params } from 'react-router-dom';
import type { PlaceholderProps } from '../screens/placeholder/Placeholder';

/** Screens of SPEC §2 not built yet, by route path: what each will hold. Built screens leave this list. */
type Entry = PlaceholderProps & { paths: string[] };

const fixed = (title: string) => () => title;
const league = (suffix: string) => (p: Params) => `League ${p.leagueId} ${suffix}`.trim();
const match = (suffix: string) => (p: Params) => `Match ${p.matchId} ${suffix}`.trim();

export const PLACEHOLDERS: Entry[] = [
  {
    paths: ['settings'],
    title: fixed('Settings'),
    text: 'This screen will list the providers, each with a green Active or red Inactive button that switches its status.',
  },
  {
    paths: ['leagues'],
    title: fixed('Leagues'),
    text: "This screen will list the selected provider's leagues with search, sorting and paging, and links to each league's matches, tables and stats.",
  },
  {
    paths: ['league/:leagueId/tables', 'league/:leagueId/tables/:seasonId'],
    title: league('tables'),
    text: "This screen will show the league's results per season: day, date, home, away, score and half-time score, with a link to each match.",
  },
  {
    paths: [
      'league/:leagueId/stats',
      'league/:leagueId/stats/:seasonId',
      'league/:leagueId/stats/:seasonId/team/:teamId',
      'league/:leagueId/stats/:seasonId/team/:teamId/market/:marketId',
    ],
    title: league('stats'),
    text: 'This screen will show the outcome of a market in each match of a season for a team, home or away, optionally against another team.',
  },
  {
    paths: [
      'league/:leagueId/stats2',
      'league/:leagueId/stats2/:seasonId/teams',
      'league/:leagueId/stats2/:seasonId/teams/:teamId/:otherTeamId',
      'league/:leagueId/stats2/:seasonId/teams/:teamId/:otherTeamId/market/:marketId',
    ],
    title: league('stats 2'),
    text: 'This screen will compare two teams side by side over a season or their last matches for a market, with live content offers, odds and summary ratios.',
  },
  {
    paths: ['match/:matchId'],
    title: match('graph'),
    text: "This tab will chart the match's odds per threshold outcome against minutes, goals marked, above a table of its offers and what they delivered.",
  },
  {
    paths: ['match/:matchId/thresholds'],
    title: match('thresholds'),
    text: "This tab will list the match's markets with their saved threshold sets and an editor with Value, Relative and Range modes.",
  },
  {
    paths: ['match/:matchId/feed'],
    title: match('feed'),
    text: "This tab will list the match's feed events with market, targeting, state, game time, odds and status, and the raw data of the selected one.",
  },
  {
    paths: ['match/:matchId/delivery'],
    title: match('delivery'),
    text: "This tab will list the match's deliveries by channel, market, contact and language with their sent and open counts.",
  },
  {
    // SPEC §2: the content route is loosely matched.
    paths: ['match/:matchId/content/*'],
    title: match('content'),
    text: "This tab will hold the match's content form and a preview of its content grouped by market, language or channel.",
  },
  {
    paths: ['trackers'],
    title: fixed('Trackers'),
    text: 'This screen will list trackers with their contact, language, type, threshold, state and whether each is active.',
  },
  {
    paths: ['tracker/:id'],
    title: (p) => `Tracker ${p.id}`,
    text: "This screen will edit the tracker's language, threshold type, minimum score, match states and active flag.",
  },
  {
    paths: ['events'],
    title: fixed('Stat events'),
    text: 'This screen will list the statistical events recorded for matches.',
  },
  {
    paths: ['events/:matchId'],
    title: match('stat events'),
    text: "This screen will list the match's statistical events, with an Edit link and a delete on each row.",
  },
  {
    paths: ['event/:matchId/edit'],
    title: match('add stat'),
    text: 'This form will add statistical events to the match (type, period, game time, team, participant) and save them.',
  },
  {
    paths: ['cms'],
    title: fixed('Content'),
    text: 'This screen will list content items with filters, a form for new content and the query tags templates can use.',
  },
  {
    paths: ['cms/edit', 'cms/edit/:contentId'],
    title: (p) => (p.contentId ? `Content ${p.contentId}` : 'New content'),
    text: 'This form will create or change one content item: its text or image, type, language, channel, categories and markets.',
  },
  {
    paths: ['cms/match/:matchId/edit'],
    title: match('content draft'),
    text: 'This page will hold a draft of content written for this match.',
  },
  {
    paths: ['cms/create/group', 'cms/group/:groupId'],
    title: (p) => (p.groupId ? 'Edit Grouped Content' : 'Grouped Content'),
    text: 'This form will write one piece of content in every provider language at once, with its type, channel, categories, markets and link target.',
  },
  {
    paths: ['cms/builder'],
    title: fixed('Playground'),
    text: 'This playground will try content against a league, two teams, a market, a side, minutes and odds, and generate content options.',
  },
  {
    paths: ['contacts'],
    title: fixed('Contacts'),
    text: 'This screen will list delivery contacts with their channel, destination and active state, to add, edit, activate or delete them.',
  },
  {
    paths: ['contacts/edit', 'contacts/:contactId/edit'],
    title: (p) => (p.contactId ? 'Edit Contact' : 'Create Contact'),
    text: "This form will hold a contact's channel, destination, languages, rate limits, leagues and teams.",
  },
  {
    paths: ['markets'],
    title: fixed('Markets'),
    text: "This screen will list the provider's markets, each with its settings form and saved thresholds.",
  },
  {
    paths: ['teams', 'teams/league/:leagueId'],
    title: (p) => (p.leagueId ? `Teams of league ${p.leagueId}` : 'Teams'),
    text: "This screen will list the provider's teams with their short names, searchable and sortable, and connect a team to another provider's.",
  },
  {
    paths: ['reports'],
    title: fixed('Reports'),
    text: 'This screen will list deliveries by channel and date range with their sent and open totals.',
  },
];
