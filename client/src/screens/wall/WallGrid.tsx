import { useEffect } from 'react';
import type { PhaseKind } from './matchPhase';
import { WallPanel } from './WallPanel';

interface WallGridProps {
  title: string;
  matchIds: number[];
  marketId: number | null;
  dark: boolean;
  empty: string;
  onPhase?: (matchId: number, kind: PhaseKind) => void;
}

/** The wall itself: no shell, one live panel per match, in the display's theme. */
export function WallGrid({ title, matchIds, marketId, dark, empty, onPhase }: WallGridProps) {
  useEffect(() => {
    document.body.classList.add('wall-body');
    document.body.classList.toggle('wall-light', !dark);
    return () => document.body.classList.remove('wall-body', 'wall-light');
  }, [dark]);
  return (
    <main className={dark ? 'wall' : 'wall wall-light'} aria-labelledby="wall-title">
      <h1 id="wall-title" className="sr-only">{title}</h1>
      {matchIds.length === 0 ? (
        <p className="wall-empty">{empty}</p>
      ) : (
        <div className="wall-grid">
          {matchIds.map((id) => (
            <WallPanel key={id} matchId={id} marketId={marketId} dark={dark} {...(onPhase && { onPhase })} />
          ))}
        </div>
      )}
    </main>
  );
}
