import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { logout } from '../stores/session';

export function SettingsMenu() {
  const menu = useRef<Menu>(null);
  const navigate = useNavigate();
  const items: MenuItem[] = [
    { label: 'Settings', icon: 'pi pi-cog', command: () => navigate('/settings/') },
    { label: 'Wall displays', icon: 'pi pi-desktop', command: () => navigate('/displays') },
    { label: 'Logout', icon: 'pi pi-sign-out', command: () => void logout() },
  ];
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
