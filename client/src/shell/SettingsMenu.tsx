import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useMemo, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { logout } from '../stores/session';

export function SettingsMenu() {
  const menu = useRef<Menu>(null);
  const navigate = useNavigate();
  // One model for the page's life: PrimeReact's Menu builds its items on every render, even closed,
  // so it only redraws when the model changes (not on every top bar render).
  const items = useMemo<MenuItem[]>(() => [
    { label: 'Settings', icon: 'pi pi-cog', command: () => navigate('/settings/') },
    { label: 'Wall displays', icon: 'pi pi-desktop', command: () => navigate('/displays') },
    { label: 'Feed health', icon: 'pi pi-heart', command: () => navigate('/feed-health') },
    { label: 'Logout', icon: 'pi pi-sign-out', command: () => void logout() },
  ], [navigate]);
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
    </>
  );
}
