import { or, sql } from 'drizzle-orm';
import { benches, benchNames } from '../../../shared/workflow/benches.ts';
import { hasAnyPermission, type Permission } from '../../../shared/permissions.ts';
import type { Executor } from '../../db/client.ts';
import { booking, certificate, sampleEntry, thirdLabEntry } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';

// Which bench may see which sample (each lab works its own part of the journey). Every read
// of a sample, its chain of custody, its labels and its files asks here, so a lab never reads the
// chain of custody of a sample that was never sent to it. A bench's readers read the statuses it
// lists (shared/workflow/benches.ts).

type VisibleSample = { status: string; dispatchBatchId: number | null };

const READERS: { permissions: readonly Permission[]; sees: (sample: VisibleSample) => boolean }[] = [
  ...benchNames.map((bench) => ({
    permissions: benches[bench].readers,
    sees: (sample: VisibleSample) => (benches[bench].statuses as readonly string[]).includes(sample.status),
  })),
  // Packers see what is packed into a dispatch batch.
  { permissions: ['CanViewAllDispatchBatch'], sees: (sample) => sample.dispatchBatchId !== null },
];

export function canSeeSample(permissions: readonly string[], sample: VisibleSample): boolean {
  return READERS.some((reader) => hasAnyPermission(permissions, reader.permissions) && reader.sees(sample));
}

/** A sample the caller's benches may not see answers as if it did not exist: its id tells nothing. */
export function assertSampleVisible(permissions: readonly string[], sample: VisibleSample) {
  if (!canSeeSample(permissions, sample)) throw notFound('sampleNotFound');
}

const BOOKING_READERS: readonly Permission[] = [
  'CanViewAllbooking',
  'CanViewDetailBooking',
  'CanViewAllSampleEntryCs',
  'CanViewDetailSampleEntryCs',
];

/**
 * A stored file may be read by whoever uploaded it (to show it before it is attached), and
 * otherwise only by those who may read a record that holds it: the sample whose image, third-lab
 * report or certificate it is, or the booking it is attached to.
 */
export async function canReadFile(
  db: Executor,
  user: { id: number; permissions: readonly string[] },
  file: { id: string; uploadedBy: number | null },
): Promise<boolean> {
  if (file.uploadedBy === user.id) return true;
  const holders = await db
    .select({ status: sampleEntry.status, dispatchBatchId: sampleEntry.dispatchBatchId })
    .from(sampleEntry)
    .where(
      or(
        sql`${sampleEntry.imageFileIds} @> ${JSON.stringify([file.id])}::jsonb`,
        sql`EXISTS (SELECT 1 FROM ${thirdLabEntry} WHERE ${thirdLabEntry.sampleEntryId} = ${sampleEntry.id} AND ${thirdLabEntry.reportFileId} = ${file.id})`,
        sql`EXISTS (SELECT 1 FROM ${certificate} WHERE ${certificate.sampleEntryId} = ${sampleEntry.id} AND ${certificate.fileId} = ${file.id})`,
      ),
    );
  if (holders.some((sample) => canSeeSample(user.permissions, sample))) return true;
  if (!hasAnyPermission(user.permissions, BOOKING_READERS)) return false;
  const [attachedTo] = await db
    .select({ id: booking.id })
    .from(booking)
    .where(sql`${booking.attachmentFileIds} @> ${JSON.stringify([file.id])}::jsonb`)
    .limit(1);
  return attachedTo !== undefined;
}
