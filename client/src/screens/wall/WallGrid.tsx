import type { PhaseKind } from '../../components/match/matchPhase';
import { WallPanel } from './WallPanel';
import { wallLayout } from './wallLayout';
import { useWallBody } from './wallTheme';

interface WallGridProps {
  title: string;
  /** What the wall follows, beside its title (a league), if anything. */
  subtitle?: string;
  matchIds: number[];
  marketId: number | null;
  dark: boolean;
  empty: string;
  onPhase?: (matchId: number, kind: PhaseKind) => void;
}

/** The wall itself: no shell, its name, then one live panel per match filling the screen, in the display's theme. */
export function WallGrid({ title, subtitle, matchIds, marketId, dark, empty, onPhase }: WallGridProps) {
  useWallBody(dark);
  const layout = wallLayout(matchIds.length);
  return (
    <main className={dark ? 'wall' : 'wall wall-light'} aria-labelledby="wall-title">
      <header className="wall-head">
        <h1 id="wall-title">{title}</h1>
        {subtitle ? <p className="wall-subtitle">{subtitle}</p> : null}
      </header>
      {matchIds.length === 0 ? (
        <p className="wall-empty">{empty}</p>
      ) : (
        <div
          className="wall-grid"
          style={{ gridTemplateColumns: `repeat(${layout.columns}, minmax(0, 1fr))`, gridTemplateRows: `repeat(${layout.rows}, minmax(0, 1fr))` }}
        >
          {matchIds.map((id) => (
            <WallPanel key={id} matchId={id} marketId={marketId} dark={dark} lastOffers={layout.offers} {...(onPhase && { onPhase })} />
          ))}
        </div>
      )}
    </main>
  );
}
