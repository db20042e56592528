import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { OfflineBanner } from './offline/OfflineBanner';
import { loadConsole } from './preload';
import { LoginScreen } from './screens/login/LoginScreen';
import { isSetPasswordPath } from './screens/set-password/linkToken';
import { displayTokenOf } from './screens/wall/displayToken';
import { sessionStore } from './stores/session';

const Console = lazy(loadConsole);
const SetPasswordScreen = lazy(() => import('./screens/set-password/SetPasswordScreen'));

/**
 * Login until a token exists (SPEC §4); then the routed console. The path survives the login reload.
 * A wall display's address needs no login: its token is in the address. Neither does a one-time
 * set-password link (an invite or a reset), whoever is signed in in this browser.
 */
export function App() {
  const { authenticated } = useSnapshot(sessionStore);
  if (isSetPasswordPath(window.location.pathname)) {
    return (
      <Suspense fallback={null}>
        <SetPasswordScreen />
      </Suspense>
    );
  }
  const isDisplay = window.location.pathname === '/wall' && displayTokenOf(window.location.hash) !== null;
  return (
    <>
      <OfflineBanner />
      {authenticated || isDisplay ? (
        <Suspense fallback={null}>
          <Console operator={!isDisplay} />
        </Suspense>
      ) : (
        <LoginScreen />
      )}
    </>
  );
}
