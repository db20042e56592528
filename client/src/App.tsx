import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { LoginScreen } from './screens/login/LoginScreen';
import { sessionStore } from './stores/session';

const Console = lazy(() => import('./Console'));

/** Login until a token exists (SPEC §4); then the routed console. The path survives the login reload. */
export function App() {
  const { authenticated } = useSnapshot(sessionStore);
  return authenticated ? (
    <Suspense fallback={null}>
      <Console />
    </Suspense>
  ) : <LoginScreen />;
}
