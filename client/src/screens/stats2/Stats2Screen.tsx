import { useParams } from 'react-router-dom';
import { idParam } from '../../components/options/useLeague';
import { NotFound } from '../../components/not-found/NotFound';
import { ContentOffers } from './ContentOffers';
import { OutcomeRatios } from './OutcomeRatios';
import { Stats2Controls } from './Stats2Controls';
import type { Stats2Route } from './stats2Route';
import { TeamPanel } from './TeamPanel';
import { useStats2 } from './useStats2';
import '../../components/table/table.css';
import './stats2.css';

const optional = (value: string | undefined) => (value === undefined ? undefined : (idParam(value) ?? NaN));

/** /league/:leagueId/stats2 and its season, teams and market sub-routes (SPEC §2 Stats 2). */
export default function Stats2Screen() {
  const params = useParams();
  const route: Stats2Route = {
    leagueId: idParam(params.leagueId) ?? NaN,
    seasonId: optional(params.seasonId),
    teamId: optional(params.teamId),
    otherTeamId: optional(params.otherTeamId),
    marketId: optional(params.marketId),
  };
  if (Object.values(route).some((id) => Number.isNaN(id))) return <NotFound />;
  return <Stats2View route={route} />;
}

function Stats2View({ route }: { route: Stats2Route }) {
  const stats = useStats2(route);
  const hasMarket = Boolean(route.marketId);
  return (
    <section aria-labelledby="screen-title" className="stats2-screen">
      <h1 id="screen-title">{stats.league ? `${stats.league.name} stats 2` : `League ${route.leagueId} stats 2`}</h1>
      <Stats2Controls stats={stats} route={route} />
      <div className="team-panels">
        {([0, 1] as const).map((index) => (
          <TeamPanel
            key={index}
            index={index}
            teams={stats.teams}
            teamId={stats.pending[index]}
            side={stats.options.sides[index]}
            stats={stats.sides[index]}
            minScore={stats.options.minScore}
            hasMarket={hasMarket}
            onTeam={(teamId) => stats.chooseTeam(index, teamId)}
            onSide={(side) => stats.setSide(index, side)}
          />
        ))}
      </div>
      {hasMarket && stats.summary.length > 0 && (
        <section aria-labelledby="summary-title" className="summary">
          <h2 id="summary-title">Summary</h2>
          <OutcomeRatios ratios={stats.summary} label="Season outcome ratios" />
        </section>
      )}
      {stats.market && <ContentOffers stats={stats} market={stats.market} />}
    </section>
  );
}
