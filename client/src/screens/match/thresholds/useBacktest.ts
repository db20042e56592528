import { routes, type BacktestReply } from '@odds/protocol';
import { useState } from 'react';
import { api } from '../../../api/client';
import type { BuildResult } from './thresholdForm';

/** The backtest of the editor's set over the match's offers: its reply, or none (not run, or the form changed market or set). */
export function useBacktest(matchId: number, build: () => BuildResult, setError: (error: string | null) => void) {
  const [backtest, setBacktest] = useState<BacktestReply | null>(null);

  const runBacktest = async () => {
    const built = build();
    if (!built.ok) return setError(built.error);
    setError(null);
    const { saveAsTemplate: _name, saveAsTemplateDefault: _default, timed: _timed, ...threshold_set } = built.input;
    try {
      setBacktest(await api(routes.backtest, { body: { match_id: matchId, threshold_set } }));
    } catch {
      setBacktest(null);
    }
  };

  return { backtest, setBacktest, runBacktest };
}
