/** Any path outside the route table (SPEC §2 and §8). */
export function NotFound() {
  return <h1>Not Found</h1>;
}
