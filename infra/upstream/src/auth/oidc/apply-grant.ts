import type { Tx } from '../../db/client';
import { setAccess } from '../access';

/** What a sign-in through the identity provider gives an operator: a role and the providers they may see. */
export interface Grant {
  role: 'admin' | 'editor' | 'viewer';
  providerIds: number[] | 'all';
}

/**
 * Gives an operator what their groups grant, at every sign-in (so a user removed from a group
 * loses that access at their next one), through the Operators screen's own path (auth/access.ts:
 * the last active admin kept, one audit row when something changed, the access version moved).
 */
export async function applyGrant(tx: Tx, operatorId: number, grant: Grant): Promise<void> {
  await setAccess(tx, operatorId, { role: grant.role, providerIds: grant.providerIds }, { id: null, name: 'identity provider groups' });
}
