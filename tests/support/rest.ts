/**
 * REST calls as one operator, as the console sends them (`Token` header, JSON bodies). The base URL
 * and token are read at call time, so a suite can make its client before `beforeAll` sets them.
 * `get` answers the parsed body whatever the status; `post` throws on a non-2xx with its body.
 */
export function restAs(baseUrl: () => string, token: () => string) {
  return {
    get: async <T>(path: string): Promise<T> => (await (await fetch(`${baseUrl()}${path}`, { headers: { authorization: `Token ${token()}` } })).json()) as T,
    post: async <T>(path: string, body: unknown): Promise<T> => {
      const response = await fetch(`${baseUrl()}${path}`, {
        method: 'POST',
        headers: { authorization: `Token ${token()}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
  };
}
