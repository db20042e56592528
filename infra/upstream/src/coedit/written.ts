import type { AuditAction, AuditActor, AuditEntity } from '@odds/protocol';

/** A committed write, as the change stream announces it (notices.ts). */
export interface Written {
  entity: AuditEntity;
  id: number;
  matchId: number | null;
  /** The provider of a provider-wide record (market, saved template, content item or group), else null. */
  providerId?: number | null;
  action: AuditAction;
  actor: AuditActor;
}
