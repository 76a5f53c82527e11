import { eq } from 'drizzle-orm';
import type { Language } from '../../../shared/language.ts';
import type { Executor } from '../../db/client.ts';
import { booking } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { appendAudit } from '../custody/audit.ts';
import type { Actor } from '../custody/audit.ts';

// The language a booking's client is written to: set from the form's language when the
// booking is made; staff correct it on the booking detail (a client who rang in Vietnamese but whose
// colleague filled the form in English). Any state: a certificate mail may follow long after.

/** Sets the booking's language; the change and its audit record are one transaction. */
export async function setBookingLanguage(
  db: Executor,
  { bookingId, language, by }: { bookingId: number; language: Language; by: Actor },
) {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(booking).where(eq(booking.id, bookingId)).for('update');
    if (!current) throw notFound('bookingNotFound');
    if (current.language === language) return { id: current.id, language: current.language };
    const now = new Date();
    await tx
      .update(booking)
      .set({ language, version: current.version + 1, updatedAt: now })
      .where(eq(booking.id, bookingId));
    await appendAudit(tx, {
      entityType: 'booking',
      entityId: bookingId,
      action: 'changeLanguage',
      changes: { language: { from: current.language, to: language } },
      actor: by,
      at: now,
    });
    return { id: current.id, language };
  });
}
