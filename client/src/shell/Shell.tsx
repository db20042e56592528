import { Button } from 'primereact/button';
import { ProgressSpinner } from 'primereact/progressspinner';
import { Suspense } from 'react';
import { Outlet, useParams } from 'react-router-dom';
import { QuestionDialog } from '../components/question';
import { NotFound } from '../screens/not-found/NotFound';
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
  const idsValid = validIds(useParams());
  return (
    <div className="shell">
      <TopBar />
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

/** Shown until the sports are loaded (SPEC §2) and while a screen's code loads. */
export function Loading() {
  return (
    <div className="loading" role="status">
      <ProgressSpinner style={{ width: '2.5rem', height: '2.5rem' }} strokeWidth="4" aria-hidden="true" />
      <span>Loading...</span>
    </div>
  );
}
