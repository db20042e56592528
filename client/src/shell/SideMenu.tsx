import { NavLink } from 'react-router-dom';
import { MENU_LINKS } from '../components/menu/menu';

export function SideMenu() {
  return (
    <nav className="side-menu" aria-label="Main menu">
      <ul>
        {MENU_LINKS.map((link) => (
          <li key={link.to}>
            {/* `end` on Home only: every path starts with '/'. */}
            <NavLink to={link.to} end={link.to === '/'}>
              <i className={link.icon} aria-hidden="true" />
              <span>{link.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
