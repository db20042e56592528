import { useParams, type Params } from 'react-router-dom';

export interface PlaceholderProps {
  /** The screen's heading; may use the route's parameters. */
  title: (params: Params) => string;
  /** One sentence saying what the screen will hold once it is built. */
  text: string;
}

/** A screen of SPEC §2 that is not built yet: its title and what it will hold, nothing pretend. */
export function Placeholder({ title, text }: PlaceholderProps) {
  const params = useParams();
  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title">{title(params)}</h1>
      <p>{text}</p>
    </section>
  );
}
