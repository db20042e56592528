import { beforeEach, describe, expect, it } from 'vitest';
import { clearErrors, dismissError, errorsStore, reportError } from './errors';

describe('errors store', () => {
  beforeEach(() => clearErrors());

  it('shows a repeated message once', () => {
    reportError('League not found');
    reportError('League not found');
    reportError('Match not found');
    expect(errorsStore.items.map((e) => e.text)).toEqual(['League not found', 'Match not found']);
  });

  it('shows a message again after it was dismissed', () => {
    reportError('League not found');
    dismissError(errorsStore.items[0]!.id);
    expect(errorsStore.items).toEqual([]);
    reportError('League not found');
    expect(errorsStore.items).toHaveLength(1);
  });

  it('clears every message', () => {
    reportError('one');
    reportError('two');
    clearErrors();
    expect(errorsStore.items).toEqual([]);
  });
});
