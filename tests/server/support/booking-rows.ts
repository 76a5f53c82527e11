import type { Executor } from '../../../src/server/db/client.ts';
import { booking, bookingSampleType } from '../../../src/server/db/schema.ts';

// Bookings written straight to the database, for the server tests (bookings.ts stays free of server
// code: the Playwright specs read its form fixtures too).

/**
 * A booking as the public form leaves it (UnConfirmed), written straight to the database with one
 * sample type per entry (by default two: cotton from Vietnam, wool from Australia), for the tests
 * that start at the client-side lab.
 */
export async function insertBooking(
  db: Executor,
  {
    bookingNumber = 'BK-2026-00001',
    sampleTypes = [
      { type: 'Cotton', composition: '100% cotton', origin: 'Vietnam' },
      { type: 'Wool', composition: 'Merino', origin: 'Australia' },
    ],
  }: { bookingNumber?: string; sampleTypes?: readonly { type: string; composition: string; origin: string }[] } = {},
) {
  const [row] = await db
    .insert(booking)
    .values({
      bookingNumber,
      applicantContactPerson: 'Mai Tran',
      applicantCompany: 'Acme Textiles',
      telephone: '+84 28 1234 5678',
      email: 'mai@acme.test',
      address: '1 Le Loi',
      cityStateCountry: 'Ho Chi Minh City, Vietnam',
      samplePreparedDate: '2026-03-01',
      isConfirmAccurate: true,
    })
    .returning();
  await db.insert(bookingSampleType).values(
    sampleTypes.map(({ type, composition, origin }, position) => ({
      bookingId: row!.id,
      position,
      type,
      composition,
      expectedOrigins: [{ origin }],
    })),
  );
  return row!;
}
