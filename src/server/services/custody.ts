import type { Executor } from '../db/client.ts';
import { auditTrail, verifyAuditChain } from './audit.ts';

// The chain of custody as people read it: a sample's timeline, and the check of the audit chain.

export type TimelineEvent = {
  id: number;
  at: Date;
  action: string;
  fromStatus: string | null;
  toStatus: string | null;
  changes: Record<string, { from: unknown; to: unknown }>;
  reason: string | null;
  actorId: number | null;
  actorName: string | null;
};

/** Every audit record of one sample entry, oldest first: who, when, action, from, to, what changed, why. */
export async function sampleTimeline(db: Executor, sampleEntryId: number): Promise<TimelineEvent[]> {
  const rows = await auditTrail(db, 'sample_entry', sampleEntryId);
  return rows.map((row) => ({
    id: row.id,
    at: row.at,
    action: row.action,
    fromStatus: row.fromStatus,
    toStatus: row.toStatus,
    changes: row.changes,
    reason: row.reason,
    actorId: row.actorId,
    actorName: row.actorName,
  }));
}

export async function verifyCustodyChain(db: Executor) {
  return verifyAuditChain(db);
}
