import { routes } from '@odds/protocol';
import { useRef, useState, type FormEvent } from 'react';
import { api } from '../api/client';

/**
 * Change my password: the current one, the new one twice. The server checks the current password
 * and the new one's rules; its message is shown in the dialog. On success this session stays and
 * every other session of this operator ends.
 */
export function useChangePassword() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const inFlight = useRef(false);

  function reset() {
    setCurrent('');
    setNext('');
    setRepeat('');
    setMessage(null);
    setDone(false);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    if (next !== repeat) return setMessage('The two new passwords are not the same.');
    inFlight.current = true;
    setPending(true);
    setMessage(null);
    try {
      await api(routes.passwordChange, { body: { current_password: current, new_password: next }, silent: true });
      setDone(true);
      setCurrent('');
      setNext('');
      setRepeat('');
    } catch (error) {
      setMessage(error instanceof Error ? error.message : String(error));
    } finally {
      setPending(false);
      inFlight.current = false;
    }
  }

  return { current, setCurrent, next, setNext, repeat, setRepeat, pending, message, done, submit, reset };
}
