import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { WallPanel } from './WallPanel';
import { readWallParams } from './wallParams';
import './wall.css';

/**
 * The wall view for wall-mounted screens: `/wall?matches=12,15,18&market=1`, no shell, dark, one
 * live panel per match, configured by its address alone. It keeps running unattended: panels hold
 * bounded buffers and the shared socket reconnects and resyncs by itself.
 */
export default function WallScreen() {
  const [search] = useSearchParams();
  const { matchIds, marketId } = readWallParams(search);
  useEffect(() => {
    document.body.classList.add('wall-body');
    return () => document.body.classList.remove('wall-body');
  }, []);
  return (
    <main className="wall" aria-labelledby="wall-title">
      <h1 id="wall-title" className="sr-only">Live matches</h1>
      {matchIds.length === 0 ? (
        <p className="wall-empty">Give the matches to show in the address: /wall?matches=12,15,18&amp;market=1</p>
      ) : (
        <div className="wall-grid">
          {matchIds.map((id) => (
            <WallPanel key={id} matchId={id} marketId={marketId} />
          ))}
        </div>
      )}
    </main>
  );
}
