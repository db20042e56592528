import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { readToken } from '../../api/token';
import { DisplayWall } from './DisplayWall';
import { displayTokenOf } from './displayToken';
import { WallGrid } from './WallGrid';
import { readWallParams } from './wallParams';
import './wall.css';

/**
 * The wall view for wall-mounted screens. With a display's address (`/wall#display=<token>`) it
 * needs no login and shows what the display says; an operator may also open
 * `/wall?matches=12,15,18&market=1` with their own session. It keeps running unattended: panels
 * hold bounded buffers and the shared socket reconnects and resyncs by itself.
 */
export default function WallScreen() {
  const [search] = useSearchParams();
  const { hash } = useLocation();
  const displayToken = displayTokenOf(hash);
  if (displayToken) return <DisplayWall key={displayToken} token={displayToken} />;

  const { matchIds, marketId } = readWallParams(search);
  if (matchIds.length === 0) {
    return (
      <div className="wall-screen">
        <div className="wall-message">
          <h1>Wall view</h1>
          <p>
            A wall screen shows live matches without anyone signed in: create a display for it under <Link to="/displays">Wall displays</Link> and open its
            address on the screen.
          </p>
          <p>Signed in, you can also open matches directly: /wall?matches=12,15,18&amp;market=1</p>
          {readToken() ? null : (
            <p>
              <Link to="/login">Sign in</Link>
            </p>
          )}
        </div>
      </div>
    );
  }
  return <WallGrid title="Live matches" matchIds={matchIds} marketId={marketId} dark empty="" />;
}
