import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { login } from '../../stores/session';

/** Login form state: fields, the submit in flight and the server's message after a failure. */
export function useLoginForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  // A ref, not the state: two submits in one tick must not both reach the server.
  const inFlight = useRef(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    setMessage(null);
    try {
      await login(email, password);
      // Success reloads the page; the form stays disabled until it does.
    } catch (error) {
      setMessage(error instanceof Error ? error.message : String(error));
      setPending(false);
      inFlight.current = false;
    }
  }

  /**
   * Enter in either field submits (SPEC §2). Done here rather than left to the browser's implicit
   * submission, so it holds wherever the form is rendered (test DOMs have no implicit submission).
   */
  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    event.currentTarget.requestSubmit();
  }

  return { email, setEmail, password, setPassword, pending, message, submit, onKeyDown };
}

export type LoginForm = ReturnType<typeof useLoginForm>;
