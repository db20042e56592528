import { Link } from 'react-router-dom';

/** Any path outside the route table (SPEC §2 and §8): the exact heading, and a way back. */
export function NotFound() {
  return (
    <section aria-labelledby="not-found-title">
      <h1 id="not-found-title">Not Found</h1>
      <p>
        Nothing lives at this address. <Link to="/">Go to Home</Link> or <Link to="/matches">see the matches</Link>.
      </p>
    </section>
  );
}
