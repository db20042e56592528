import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { logout, sessionStore } from '../stores/session';

// PrimeReact's Dialog loads when the dialog is first opened, not with the top bar.
const ChangePasswordDialog = lazy(() => import('./ChangePasswordDialog').then((m) => ({ default: m.ChangePasswordDialog })));

export function SettingsMenu() {
  const menu = useRef<Menu>(null);
  const navigate = useNavigate();
  const admin = useSnapshot(sessionStore).user?.admin === true;
  const [changing, setChanging] = useState(false);
  const opened = useRef(false);
  if (changing) opened.current = true;
  // One model per admin flag: PrimeReact's Menu builds its items on every render, even closed,
  // so it only redraws when the model changes (not on every top bar render).
  // Operators are managed by admins only: others do not see the entry.
  const items = useMemo<MenuItem[]>(
    () => [
      { label: 'Settings', icon: 'pi pi-cog', command: () => navigate('/settings/') },
      ...(admin ? [{ label: 'Operators', icon: 'pi pi-id-card', command: () => navigate('/operators') }] : []),
      { label: 'Wall displays', icon: 'pi pi-desktop', command: () => navigate('/displays') },
      { label: 'Change password', icon: 'pi pi-key', command: () => setChanging(true) },
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
    </>
  );
}
