import type { Db, Tx } from '../db/client.js';
import { auditLog } from './audit.schema.js';

export interface AuditRecord {
  action: string;
  actorId?: string | null;
  subjectId?: string | null;
  detail?: string | null;
  ip?: string | null;
}

/** Appends to the audit log: account security events now, back-office decisions later. */
export async function audit(db: Db | Tx, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    action: record.action,
    actorId: record.actorId ?? null,
    subjectId: record.subjectId ?? null,
    detail: record.detail ?? null,
    ip: record.ip ?? null,
  });
}
