import { Button } from 'primereact/button';
import { ProgressSpinner } from 'primereact/progressspinner';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { contextStore, loadContext } from '../stores/context';
import { ErrorMessages } from './ErrorMessages';
import { SideMenu } from './SideMenu';
import { TopBar } from './TopBar';
import { useShellStartup } from './useShellStartup';
import './shell.css';

export function Shell() {
  useShellStartup();
  const { status } = useSnapshot(contextStore);
  return (
    <div className="shell">
      <TopBar />
      <div className="shell-body">
        <SideMenu />
        <main className="shell-main">
          <ErrorMessages />
          {status === 'ready' ? (
            <Suspense fallback={<Loading />}>
              <Outlet />
            </Suspense>
          ) : status === 'loading' ? (
            <Loading />
          ) : (
            <Button label="Try again" icon="pi pi-refresh" onClick={() => void loadContext()} />
          )}
        </main>
      </div>
    </div>
  );
}

/** Shown until the sports are loaded (SPEC §2) and while a screen's code loads. */
export function Loading() {
  return (
    <div className="loading" role="status">
      <ProgressSpinner style={{ width: '2.5rem', height: '2.5rem' }} strokeWidth="4" aria-hidden="true" />
      <span>Loading...</span>
    </div>
  );
}
