import type { ComponentType } from 'react';
import { useSnapshot } from 'valtio';
import { PERMISSION_MESSAGE } from '../../feedback/errors';
import { sessionStore } from '../../stores/session';
import { contextStore } from '../../stores/context';
import { BlocksSourceSection } from './BlocksSourceSection';
import { JurisdictionRulesSection } from './JurisdictionRulesSection';
import { KillSwitchSection } from './KillSwitchSection';
import { SuppressionListSection } from './SuppressionListSection';
import { SuppressionsTodaySection } from './SuppressionsTodaySection';
import './compliance.css';

/** The screen's sections, in order; those of one provider's data are for the provider selected in the top bar. */
const SECTIONS: { key: string; Section: ComponentType<{ providerId: number }> }[] = [
  { key: 'kill-switch', Section: KillSwitchSection },
  { key: 'blocks-source', Section: BlocksSourceSection },
  { key: 'suppression-list', Section: SuppressionListSection },
  { key: 'jurisdiction-rules', Section: JurisdictionRulesSection },
  { key: 'suppressions-today', Section: SuppressionsTodaySection },
];

/** /compliance (admins only: the menu shows it to admins, and the API refuses anyone else). */
export default function ComplianceScreen() {
  const admin = useSnapshot(sessionStore).user?.admin === true;
  const { providerId } = useSnapshot(contextStore);
  return (
    <section aria-labelledby="screen-title" className="compliance-screen">
      <h1 id="screen-title">Compliance</h1>
      {admin ? (
        SECTIONS.map(({ key, Section }) => <Section key={`${key}-${providerId}`} providerId={providerId} />)
      ) : (
        <p className="form-error" role="alert">
          {PERMISSION_MESSAGE}: the Compliance screen is for admins.
        </p>
      )}
    </section>
  );
}
