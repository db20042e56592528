import { describe, expect, it } from 'vitest';
import { compileItems, compileParts, fillText, tagContext, type CompileContext } from './compile';
import { principalOutcome } from './compiler';

const ctx: CompileContext = {
  home: { name: 'Argentina', short_name: 'ARG', score: 1, values: { played: 6, wins: 4, draws: 1, losses: 1, goals_for: 12, goals_against: 5, win_rate: 67 } },
  away: { name: 'France', score: 0, values: { played: 6, wins: 5, draws: 0, losses: 1, goals_for: 13, goals_against: 5, win_rate: 83 } },
  league: { name: 'FIFA World Cup' },
  match: { name: 'Argentina - France', minute: 23, start: '2022-12-18T15:00:00Z' },
  odds: { home: 1450, draw: 4100, away: 7250 },
};

describe('tagContext', () => {
  it('holds team values, decimal odds, the match and the league', () => {
    expect(tagContext(ctx)).toEqual({
      home: {
        name: 'Argentina',
        short_name: 'ARG',
        score: 1,
        odds: '1.45',
        played: 6,
        wins: 4,
        draws: 1,
        losses: 1,
        goals_for: 12,
        goals_against: 5,
        win_rate: 67,
      },
      away: {
        name: 'France',
        short_name: 'France',
        score: 0,
        odds: '7.25',
        played: 6,
        wins: 5,
        draws: 0,
        losses: 1,
        goals_for: 13,
        goals_against: 5,
        win_rate: 83,
      },
      odds: { home: '1.45', draw: '4.10', away: '7.25' },
      match: { name: 'Argentina - France', minute: 23, score: '1-0', start: '2022-12-18 15:00 UTC' },
      league: { name: 'FIFA World Cup' },
    });
  });

  it('swaps sides and their odds for the away point of view', () => {
    const swapped = tagContext(ctx, true);
    expect([swapped.home!.name, swapped.home!.odds, swapped.odds!.home, swapped.odds!.away]).toEqual(['France', '7.25', '7.25', '1.45']);
    expect(swapped.match!.score).toBe('1-0');
  });

  it('leaves score, odds and season tags empty when there is nothing to fill them with', () => {
    const bare = fillText('{{home.name}} {{home.score}} {{home.wins}} {{odds.home}} {{match.minute}}', { home: { name: 'Peru' }, away: { name: 'Chile' } });
    expect(bare).toEqual({
      text: 'Peru {{home.score}} {{home.wins}} {{odds.home}} {{match.minute}}',
      missing: ['home.score', 'home.wins', 'odds.home', 'match.minute'],
    });
  });
});

describe('compileItems', () => {
  it('fills each item and keeps its id and link target', () => {
    const { results, texts, missing } = compileItems(
      [
        { id: 1, content_type: 'title', content: '{{home.name}} {{home.score}}-{{away.score}} {{away.name}}' },
        { id: 2, content_type: 'content', content: '{{home.name}}: {{home.wins}} wins in {{home.played}}, {{home.nickname}}', link_target: 'home' },
        { id: 3, content_type: 'cta', content: 'Back {{home.name}} at {{odds.home}}', link_target: 'home' },
      ],
      ctx,
    );
    expect(results).toEqual([
      { content_type: 'title', content: 'Argentina 1-0 France', link_target: null, content_id: 1 },
      { content_type: 'content', content: 'Argentina: 4 wins in 6, {{home.nickname}}', link_target: 'home', content_id: 2 },
      { content_type: 'cta', content: 'Back Argentina at 1.45', link_target: 'home', content_id: 3 },
    ]);
    expect(texts).toEqual({ title: 'Argentina 1-0 France', body: 'Argentina: 4 wins in 6, {{home.nickname}}', cta: 'Back Argentina at 1.45', image: null });
    expect(missing).toEqual(['home.nickname']);
  });

  it('leaves out entries linked to another outcome and prefers the one linked to this outcome', () => {
    const items = [
      { content_type: 'cta' as const, content: 'See the odds' },
      { content_type: 'cta' as const, content: 'Back the draw at {{odds.draw}}', link_target: 'draw' },
      { content_type: 'cta' as const, content: 'Back {{away.name}}', link_target: 'away' },
    ];
    const draw = compileItems(items, ctx, { outcome: 'draw' });
    expect(draw.results.map((r) => r.content)).toEqual(['See the odds', 'Back the draw at 4.10']);
    expect(draw.texts.cta).toBe('Back the draw at 4.10');
    expect(compileItems(items, ctx).results).toHaveLength(3);
  });

  it("swaps 'both' items for the away side, keeps side-specific items literal and drops the other side's", () => {
    const items = [
      { content_type: 'title' as const, content: '{{home.name}} to beat {{away.name}}', side_context: 'both' as const },
      { content_type: 'title' as const, content: '{{home.name}} v {{away.name}}', side_context: 'none' as const },
      { content_type: 'title' as const, content: 'Home: {{home.name}}', side_context: 'home' as const },
      { content_type: 'title' as const, content: 'Away: {{away.name}}', side_context: 'away' as const },
    ];
    expect(compileItems(items, ctx, { side: 'away' }).results.map((r) => r.content)).toEqual([
      'France to beat Argentina',
      'Argentina v France',
      'Away: France',
    ]);
    expect(compileItems(items, ctx, { side: 'home' }).results.map((r) => r.content)).toEqual([
      'Argentina to beat France',
      'Argentina v France',
      'Home: Argentina',
    ]);
  });

  it('compiles an image item to its url', () => {
    expect(compileItems([{ id: 9, content_type: 'image', content: 'Banner', image_url: '/api/1/images/4' }], ctx).texts.image).toBe('/api/1/images/4');
  });
});

describe('compileParts', () => {
  it('compiles match content parts for the firing outcome', () => {
    const { texts, results } = compileParts(
      {
        title: [{ content: 'Goal! {{home.name}} lead {{away.name}} {{match.score}}' }],
        content: [
          { content: 'A home win pays {{odds.home}}.', link_target: 'home' },
          { content: 'The draw pays {{odds.draw}}.', link_target: 'draw' },
        ],
        cta: [{ content: 'Bet now' }],
        image: [],
      },
      ctx,
      { outcome: 'home' },
    );
    expect(texts).toEqual({ title: 'Goal! Argentina lead France 1-0', body: 'A home win pays 1.45.', cta: 'Bet now', image: null });
    expect(results.every((r) => r.content_id === null)).toBe(true);
    expect(results).toHaveLength(3);
  });
});

describe('principalOutcome', () => {
  const result = { id: 1, version: 1, sportId: 1, name: 'Match Result', outcomes: ['home', 'draw', 'away'], evaluator: 'win_draw' };
  const totals = { id: 2, version: 1, sportId: 1, name: 'Total Goals Over/Under', outcomes: ['over', 'under'], evaluator: 'over_under' };

  it('promotes the shortest odds, the better season record, or nothing', () => {
    expect(principalOutcome('odd_favourite', ctx.odds!, ctx, result, null)).toBe('home');
    // France won 83% of their matches before the final, Argentina 67%.
    expect(principalOutcome('historical_favourite', ctx.odds!, ctx, result, null)).toBe('away');
    expect(principalOutcome('all', ctx.odds!, ctx, result, null)).toBeNull();
  });

  it('weighs goals per match against the line for totals', () => {
    // (17 + 18) / 6 / 2 ≈ 2.9 goals a match: over 2.5, under 3.5.
    expect(principalOutcome('historical_favourite', {}, ctx, totals, 2500)).toBe('over');
    expect(principalOutcome('historical_favourite', {}, ctx, totals, 3500)).toBe('under');
  });
});
