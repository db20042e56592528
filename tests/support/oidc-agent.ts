/**
 * A user agent without a browser for the sign-in through the identity provider: follows redirects
 * one by one, keeps each origin's cookies (as a browser would for the pages it visits), and fills
 * the test provider's login form. Tests use it to take every step of the flow, and to forge or
 * replay one.
 */
export class Agent {
  private readonly jars = new Map<string, Map<string, string>>();

  cookies(origin: string): Map<string, string> {
    const jar = this.jars.get(origin) ?? new Map<string, string>();
    this.jars.set(origin, jar);
    return jar;
  }

  /** One request, no redirect followed; its Set-Cookie kept. */
  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const { origin } = new URL(url);
    const jar = this.cookies(origin);
    const headers = new Headers(init.headers);
    if (jar.size) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...value] = pair!.trim().split('=');
      const gone = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]!) < Date.now()));
      if (gone || value.join('=') === '') jar.delete(name!);
      else jar.set(name!, value.join('='));
    }
    return response;
  }

  /** Follows redirects from `url` until an answer that is not one, or until `stop` says the address is where to stop. */
  async follow(url: string, stop: (url: URL) => boolean = () => false): Promise<{ url: string; response: Response | null }> {
    let current = url;
    for (let hops = 0; hops < 20; hops++) {
      if (stop(new URL(current))) return { url: current, response: null };
      const response = await this.request(current);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { url: current, response };
      await response.body?.cancel();
      current = new URL(location, current).href;
    }
    throw new Error(`too many redirects from ${url}`);
  }
}

/** The console's callback address and where it sends the browser back to (the login screen, with '#sso=' or '#sso_error='). */
const isCallback = (url: URL) => url.pathname === '/api/1/auth/oidc/callback';

/**
 * Starts a sign-in at the console and signs in at the test provider's form; stops at the callback
 * the provider redirects to (not yet followed), so a test can follow it, forge it or replay it.
 * `startQuery` is the start's own query (`?next=…&window=1`).
 */
export async function signInAtProvider(agent: Agent, consoleUrl: string, login: string, password: string, startQuery = ''): Promise<string> {
  const { url, response } = await agent.follow(`${consoleUrl}/api/1/auth/oidc/start${startQuery}`, isCallback);
  if (!response) return url;
  const form = /action="([^"]+)"/.exec(await response.text())?.[1];
  if (!form) throw new Error(`no login form at ${url} (${response.status})`);
  const posted = await agent.request(new URL(form, url).href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ login, password }).toString(),
  });
  const location = posted.headers.get('location');
  if (!location) throw new Error(`the provider refused the login of ${login} (${posted.status})`);
  return (await agent.follow(new URL(location, url).href, isCallback)).url;
}

/** The login screen's part: follows the callback and reads the fragment it lands on. */
export async function followCallback(agent: Agent, callback: string): Promise<{ ticket: string | null; error: string | null; location: string }> {
  const response = await agent.request(callback);
  const location = response.headers.get('location') ?? '';
  const fragment = new URLSearchParams(location.split('#')[1] ?? '');
  return { ticket: fragment.get('sso'), error: fragment.get('sso_error'), location };
}
