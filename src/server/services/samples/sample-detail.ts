import { asc, eq } from 'drizzle-orm';
import { actionsFor } from '../../../shared/workflow/sample-workflow.ts';
import type { Executor } from '../../db/client.ts';
import { booking, dispatchBatch, sampleEntry, thirdLabEntry } from '../../db/schema.ts';
import { certificateRevokedSql } from '../certificates/certificate-standing.ts';
import { sampleTimeline } from '../custody/custody.ts';
import { fileUrl } from '../files.ts';
import { assertSampleVisible } from './sample-visibility.ts';
import { findSample } from './sample-transitions.ts';

/** The sample with its booking, package, third-lab entries (results, PDF link) and custody timeline. */
export async function findSampleDetail(db: Executor, id: number) {
  const sample = await findSample(db, id);
  const [thirdLab, timeline, order, batch, standing] = await Promise.all([
    db.select().from(thirdLabEntry).where(eq(thirdLabEntry.sampleEntryId, id)).orderBy(asc(thirdLabEntry.id)),
    sampleTimeline(db, id),
    sample.bookingId
      ? db
          .select({
            id: booking.id,
            bookingNumber: booking.bookingNumber,
            rushService: booking.rushService,
            applicantCompany: booking.applicantCompany,
            applicantContactPerson: booking.applicantContactPerson,
            status: booking.status,
          })
          .from(booking)
          .where(eq(booking.id, sample.bookingId))
      : Promise.resolve([]),
    sample.dispatchBatchId
      ? db
          .select({
            id: dispatchBatch.id,
            packageCode: dispatchBatch.packageCode,
            packageName: dispatchBatch.packageName,
            shippmentNumber: dispatchBatch.shippmentNumber,
            status: dispatchBatch.status,
          })
          .from(dispatchBatch)
          .where(eq(dispatchBatch.id, sample.dispatchBatchId))
      : Promise.resolve([]),
    db.select({ revoked: certificateRevokedSql }).from(sampleEntry).where(eq(sampleEntry.id, id)),
  ]);
  return {
    ...sample,
    certificateRevoked: standing[0]?.revoked ?? false,
    booking: order[0] ?? null,
    dispatchBatch: batch[0] ?? null,
    thirdLabEntries: thirdLab.map((entry) => ({ ...entry, reportFileUrl: fileUrl(entry.reportFileId) })),
    timeline,
  };
}

/** The detail as a bench sees it: with the actions its user may fire now (the state machine's answer). */
export async function readSampleDetail(db: Executor, id: number, permissions: readonly string[]) {
  const detail = await findSampleDetail(db, id);
  assertSampleVisible(permissions, detail);
  return { ...detail, availableActions: actionsFor(detail.status, permissions, detail) };
}
