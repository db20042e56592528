import { describe, expect, it } from 'vitest';
import { chooseContent, compileContent, compileContext, type ContentSituation } from './content';
import { content, market, matchState } from './test-fixtures';

const situation = (over: Partial<ContentSituation> = {}): ContentSituation => ({
  market: market(),
  channelId: 1,
  language: 'en',
  prematch: false,
  score: 'H1-A0',
  subNode: null,
  leafNode: null,
  period: 1,
  ...over,
});

describe('choosing match content', () => {
  const contents = [
    content(1, { nodeId: 'INPLAY', marketId: null }),
    content(2, { nodeId: 'INPLAY' }),
    content(3, { nodeId: 'H1-A0' }),
    content(4, { nodeId: 'PRE' }),
    content(5, { nodeId: 'H1-A0', language: 'da' }),
    content(6, { nodeId: 'H1-A0', channelId: 2 }),
    content(7, { nodeId: 'INPLAY', period: 2 }),
  ];

  it('prefers the exact score over INPLAY, the market over its type, and keeps to channel, language and period', () => {
    expect(chooseContent(contents, situation())?.id).toBe(3);
    expect(chooseContent(contents, situation({ score: 'H2-A0' }))?.id).toBe(2);
    expect(chooseContent(contents, situation({ score: 'H2-A0', period: 2 }))?.id).toBe(7);
    expect(chooseContent(contents, situation({ prematch: true, score: 'PRE' }))?.id).toBe(4);
    expect(chooseContent(contents, situation({ language: 'da' }))?.id).toBe(5);
    expect(chooseContent(contents, situation({ language: 'fi' }))).toBeNull();
  });

  it("uses content written for the market type when the market has none, not another market's", () => {
    expect(chooseContent([content(1, { marketId: null, marketTypeId: 1 })], situation())?.id).toBe(1);
    expect(chooseContent([content(1, { marketId: 2 })], situation())).toBeNull();
  });

  it("compiles the tags with the offer's teams, score and odds, for the outcome that fired", () => {
    const { statics } = matchState();
    const context = compileContext(statics.match, { score: 'H1-A0', matchTime: 1350, outcomeMap: { home: 1480, draw: 4270, away: 7120 } });
    const texts = compileContent(
      content(
        1,
        {},
        {
          title: [{ content: "Goal! {{home.name}} {{home.score}}-{{away.score}} {{away.name}} ({{match.minute}}')" }],
          content: [
            { content: 'Home win {{odds.home}}', link_target: 'home' },
            { content: 'Draw {{odds.draw}}', link_target: 'draw' },
          ],
        },
      ),
      context,
      'draw',
    );
    expect(texts).toEqual({ title: "Goal! Argentina 1-0 France (23')", body: 'Draw 4.27', cta: null, image: null });
  });
});
