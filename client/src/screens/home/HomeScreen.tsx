import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { contextStore, findById } from '../../stores/context';

/** Home: where the operator is working (provider and sport) and where to go next. */
export function HomeScreen() {
  const context = useSnapshot(contextStore);
  const provider = findById(context.providers, context.providerId);
  const sport = findById(context.sports, context.sportId);
  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title">Home</h1>
      <p>
        Working on {sport?.name ?? `sport ${context.sportId}`} for {provider?.name ?? `provider ${context.providerId}`}.
        Change either in the top bar; every list follows.
      </p>
      <p>
        Start with the <Link to="/matches">matches</Link>, or pick a screen from the menu.
      </p>
    </section>
  );
}
