/** The left menu of SPEC §2, in its order. */
export const MENU_LINKS = [
  { to: '/', label: 'Home', icon: 'pi pi-home' },
  { to: '/leagues', label: 'Leagues', icon: 'pi pi-trophy' },
  { to: '/matches', label: 'Matches', icon: 'pi pi-calendar' },
  { to: '/cms', label: 'CMS', icon: 'pi pi-file-edit' },
  { to: '/contacts', label: 'Contacts', icon: 'pi pi-users' },
  { to: '/markets', label: 'Markets', icon: 'pi pi-chart-bar' },
  { to: '/teams', label: 'Teams', icon: 'pi pi-shield' },
  { to: '/reports', label: 'Reports', icon: 'pi pi-inbox' },
  { to: '/trackers', label: 'Trackers', icon: 'pi pi-eye' },
] as const;
