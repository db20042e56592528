import { useEffect } from 'react';
import { followOtherTabs } from '../api/otherTabs';
import { loadContext } from '../stores/context';
import { checkSession } from '../stores/session';

/** Once per page: confirm the stored token and load the providers and sports the shell needs. */
export function useShellStartup(): void {
  useEffect(() => {
    void checkSession();
    void loadContext();
    return followOtherTabs();
  }, []);
}
