import type { MatchContent } from '@odds/protocol';
import { describe, expect, it } from 'vitest';
import { sideBySide } from '../conflict';
import { buildContentInput, contentConflictView, contentFormOf, emptyContentForm, parseMacros, scoreOptions } from './contentForm';

const scores = { max_score: 2, increment: 1, max_sub_node: 0, sub_node_increment: 1, sub_nodes: [], max_leaf_node: 0, leaf_node_increment: 1, leaf_nodes: [] };
const record = (id: number, node: string, marketId: number, channelId: number) =>
  ({ id, node_id: node, market: { id: marketId, name: 'M' }, channel: { id: channelId, name: 'C', code: 'PUSH' } }) as MatchContent;

describe('match content form rules', () => {
  it('offers PRE, INPLAY and Hx-Ay less scores used for the same market and channel', () => {
    const records = [record(1, 'H1-A0', 5, 1), record(2, 'H0-A0', 5, 2), record(3, 'PRE', 6, 1)];
    const options = scoreOptions(scores, records, { marketId: 5, channelId: 1, node: 'PRE' });
    expect(options.slice(0, 3)).toEqual(['PRE', 'INPLAY', 'H0-A0']);
    expect(options).not.toContain('H1-A0');
    expect(options).toHaveLength(2 + 9 - 1);
    // The record being edited keeps its own score.
    expect(scoreOptions(scores, records, { id: 1, marketId: 5, channelId: 1, node: 'H1-A0' })).toContain('H1-A0');
  });

  it('reads macros as key1=replace-value,key2=replace-value and fills them in', () => {
    expect(parseMacros('')).toEqual({});
    expect(parseMacros('team=Ajax, odds=2.5')).toEqual({ team: 'Ajax', odds: '2.5' });
    expect(parseMacros('team Ajax')).toBeNull();
    const form = { ...emptyContentForm(), macros: 'team=Ajax', texts: { title: 'Go {{team}}', content: '', cta: '', image: '' } };
    expect(buildContentInput(form, null)).toMatchObject({ ok: true, input: { content: { title: [{ content: 'Go Ajax' }], content: [] } } });
    expect(buildContentInput({ ...form, macros: 'oops' }, null)).toMatchObject({ ok: false });
  });

  it('needs minutes and a contact for timed content', () => {
    const form = { ...emptyContentForm(), timed: true, texts: { title: 'Hi', content: '', cta: '', image: '' } };
    expect(buildContentInput(form, null)).toEqual({ ok: false, error: 'Timed content needs a timing in minutes.' });
    expect(buildContentInput({ ...form, before: 30 }, null)).toEqual({ ok: false, error: 'Timed content needs a contact.' });
    expect(buildContentInput({ ...form, before: 30, contactId: 4 }, null)).toMatchObject({
      ok: true,
      input: { timed: true, contact_id: 4, meta: { before: 30 } },
    });
  });

  it("shows a conflict in the form's words: no phantom market, channel or language difference, names instead of ids", () => {
    const saved = {
      id: 4,
      version: 2,
      market: { id: 1, name: 'Match Result' },
      channel: { id: 1, name: 'Push', code: 'PUSH' },
      language: { code: 'en', name: 'English' },
      node_id: 'PRE',
      sub_node: null,
      leaf_node: null,
      period: null,
      hold: false,
      timed: false,
      contact_id: null,
      meta: { before: null },
      content: { title: [{ id: 9, content: 'Kick-off' }], content: [], cta: [], image: [] },
    } as unknown as MatchContent;
    const names = { market: (id: number) => (id === 1 ? 'Match Result' : undefined), channel: () => 'Push', contact: () => undefined };
    const mine = { ...contentFormOf(saved), texts: { ...contentFormOf(saved).texts, title: 'Kick-off now' } };
    const rows = sideBySide(contentConflictView(contentFormOf(saved), names), contentConflictView(mine, names));
    expect(rows.filter((r) => r.differs).map((r) => [r.field, r.theirs, r.mine])).toEqual([['title', 'Kick-off', 'Kick-off now']]);
    expect(rows.find((r) => r.field === 'market')).toMatchObject({ theirs: 'Match Result', mine: 'Match Result' });
  });
});
