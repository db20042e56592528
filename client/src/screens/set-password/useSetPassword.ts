import { useEffect, useRef, useState, type FormEvent } from 'react';
import { saveToken } from '../../api/token';
import { browser } from '../../lib/browser';
import { linkTokenOf } from './linkToken';

/**
 * The set-password form: the link's token is read once from the address fragment (which no server
 * sees) and the fragment is then wiped from the address bar and its history entry. The server
 * checks the password's rules and the link (expired, used); its message is shown as it is.
 * Success signs in: the token is stored and the console opens.
 */
export function useSetPassword() {
  const [token] = useState(() => linkTokenOf(window.location.hash));
  useEffect(() => {
    if (token) window.history.replaceState(null, '', window.location.pathname);
  }, [token]);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const inFlight = useRef(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current || !token) return;
    if (password !== repeat) return setMessage('The two passwords are not the same.');
    inFlight.current = true;
    setPending(true);
    setMessage(null);
    try {
      const [{ api }, { routes }] = await Promise.all([import('../../api/client'), import('@odds/protocol')]);
      const reply = await api(routes.passwordSet, { body: { token, password }, silent: true });
      saveToken(reply.token);
      browser.assign('/');
    } catch (error) {
      setMessage(error instanceof Error ? error.message : String(error));
      setPending(false);
      inFlight.current = false;
    }
  }

  return { token, password, setPassword, repeat, setRepeat, pending, message, submit };
}
