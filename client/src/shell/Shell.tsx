import { Button } from 'primereact/button';
import { Suspense, useEffect } from 'react';
import { Outlet, useParams } from 'react-router-dom';
import { Loading } from '../components/loading/Loading';
import { QuestionDialog } from '../components/question';
import { NotFound } from '../components/not-found/NotFound';
import { useSnapshot } from 'valtio';
import { contextStore, loadContext } from '../stores/context';
import { ErrorMessages } from './ErrorMessages';
import { SideMenu } from './SideMenu';
import { StopBanner } from './StopBanner';
import { TopBar } from './TopBar';
import { useShellStartup } from './useShellStartup';
import { preloadDialogs } from './dialogLoaders';
import { useReadOnlyMarker } from './readOnly';
import './shell.css';

export function Shell() {
  useShellStartup();
  useReadOnlyMarker();
  // The dialogs' code once the shell is idle, so the basket (or another) opens at once.
  useEffect(() => preloadDialogs(), []);
  const { status } = useSnapshot(contextStore);
  const idsValid = validIds(useParams());
  return (
    <div className="shell">
      <TopBar />
      <StopBanner />
      <div className="shell-body">
        <SideMenu />
        <main className="shell-main">
          <ErrorMessages />
          {status === 'ready' ? (
            <Suspense fallback={<Loading />}>{idsValid ? <Outlet /> : <NotFound />}</Suspense>
          ) : status === 'loading' ? (
            <Loading />
          ) : (
            <Button label="Try again" icon="pi pi-refresh" onClick={() => void loadContext()} />
          )}
        </main>
      </div>
      <QuestionDialog />
    </div>
  );
}

/**
 * Every `…Id` of the route table is a record's number: `/match/abc` or `/league/0/tables` name no
 * record, so they are Not Found (SPEC §8) rather than a page about 'Match NaN'.
 */
function validIds(params: Record<string, string | undefined>): boolean {
  return Object.entries(params).every(([name, value]) => !name.endsWith('Id') || (value !== undefined && /^[1-9]\d{0,15}$/.test(value)));
}
