import type { AuditActor, AuditEntity, ConflictReply } from '@odds/protocol';

/**
 * A write named a version the record no longer has (or would replace a record it did not name).
 * Carries the 409 body: the record as it is now, and who changed it last and when.
 */
export class VersionConflict extends Error {
  readonly statusCode = 409;
  readonly code = 'CONFLICT';
  constructor(
    message: string,
    readonly entity: AuditEntity,
    readonly current: unknown,
    readonly changedBy: AuditActor | null,
    readonly changedAt: string | null,
    /** Set when `current` is the stored row of record `id`, for the app's presenter of the entity to show as the API does (coedit/plugin.ts). */
    readonly id?: number,
  ) {
    super(message);
  }

  get body(): ConflictReply {
    return {
      statusCode: 409,
      code: this.code,
      error: 'Conflict',
      message: this.message,
      entity: this.entity,
      current: this.current,
      changed_by: this.changedBy,
      changed_at: this.changedAt,
    };
  }
}

/** The version a write names: `If-Match: "3"` (also W/"3" or 3) wins over `version` in the body. */
export function expectedVersion(headers: Record<string, string | string[] | undefined>, body: unknown): number | null {
  const header = headers['if-match'];
  const text = Array.isArray(header) ? header[0] : header;
  if (text !== undefined && text.trim() !== '' && text.trim() !== '*') {
    const value = Number(text.trim().replace(/^W\//, '').replace(/^"|"$/g, ''));
    if (!Number.isInteger(value) || value < 1)
      throw Object.assign(new Error(`If-Match must be a record version such as "3" (got ${text})`), { statusCode: 400, code: 'BAD_REQUEST' });
    return value;
  }
  const version = body && typeof body === 'object' ? (body as { version?: unknown }).version : undefined;
  return typeof version === 'number' ? version : null;
}
