import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { logout, sessionStore } from '../stores/session';
import { dialogLoaders } from './dialogLoaders';

// PrimeReact's Dialog loads apart from the top bar, when the shell is idle (dialogLoaders.ts).
const ChangePasswordDialog = lazy(dialogLoaders.changePassword);
const SessionsDialog = lazy(dialogLoaders.sessions);
const MINE = { kind: 'mine' } as const;

export function SettingsMenu() {
  const menu = useRef<Menu>(null);
  const navigate = useNavigate();
  const admin = useSnapshot(sessionStore).user?.admin === true;
  const [changing, setChanging] = useState(false);
  const [listing, setListing] = useState(false);
  const opened = useRef(false);
  const listed = useRef(false);
  if (changing) opened.current = true;
  if (listing) listed.current = true;
  // One model per admin flag: PrimeReact's Menu builds its items on every render, even closed,
  // so it only redraws when the model changes (not on every top bar render).
  // Operators and Compliance are for admins only: others do not see the entries.
  const items = useMemo<MenuItem[]>(
    () => [
      { label: 'Settings', icon: 'pi pi-cog', command: () => navigate('/settings/') },
      ...(admin
        ? [
            { label: 'Operators', icon: 'pi pi-id-card', command: () => navigate('/operators') },
            { label: 'Compliance', icon: 'pi pi-shield', command: () => navigate('/compliance') },
            // The catalog made by hand (docs/catalog.md).
            { label: 'Catalog', icon: 'pi pi-sitemap', command: () => navigate('/catalog') },
          ]
        : []),
      { label: 'Wall displays', icon: 'pi pi-desktop', command: () => navigate('/displays') },
      { label: 'Change password', icon: 'pi pi-key', command: () => setChanging(true) },
      { label: 'My sessions', icon: 'pi pi-list', command: () => setListing(true) },
      { label: 'Feed health', icon: 'pi pi-heart', command: () => navigate('/feed-health') },
      { label: 'Logout', icon: 'pi pi-sign-out', command: () => void logout() },
    ],
    [navigate, admin],
  );
  return (
    <>
      <Menu model={items} popup ref={menu} id="settings-menu" />
      <Button
        icon="pi pi-cog"
        rounded
        text
        aria-label="Settings menu"
        aria-haspopup="menu"
        aria-controls="settings-menu"
        onClick={(e) => menu.current?.toggle(e)}
      />
      {opened.current ? (
        <Suspense fallback={null}>
          <ChangePasswordDialog visible={changing} onHide={() => setChanging(false)} />
        </Suspense>
      ) : null}
      {listed.current ? (
        <Suspense fallback={null}>
          <SessionsDialog of={MINE} visible={listing} onHide={() => setListing(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
