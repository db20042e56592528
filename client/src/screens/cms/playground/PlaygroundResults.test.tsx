import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { unfilledTags } from './playground';
import { PlaygroundResults } from './PlaygroundResults';
import type { Playground } from './usePlayground';

const compiled = (content: string) =>
  ({ compiled: { results: [{ content_id: null, content_type: 'title', content, link_target: null }], odds: [] }, suggestions: null }) as unknown as Playground;

describe('playground results', () => {
  afterEach(cleanup);

  it('flags a query tag the compiler left as written', () => {
    render(<PlaygroundResults pg={compiled('Ghana 2.10 {{bogus.tag}} and {{home.nope}}')} />);
    expect(screen.getByRole('alert').textContent).toContain('Unknown query tags {{bogus.tag}}, {{home.nope}}: left as written.');
  });

  it('says nothing when every tag was filled', () => {
    render(<PlaygroundResults pg={compiled('Ghana at 2.10')} />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(unfilledTags('{{ home.name }} {{ home.name }}')).toEqual(['{{ home.name }}']);
  });
});
