import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { quickFillCode } from '../../../src/server/db/schema.ts';
import { removeExpiredRecords } from '../../../src/server/services/housekeeping.ts';
import { submitBooking } from '../support/bookings.ts';
import { useTestApp } from '../support/test-app.ts';

const t = useTestApp();

describe('[HOUSEKEEPING] periodic clean-up', () => {
  it('deletes quick-fill codes past their expiry and keeps the live ones', async () => {
    await submitBooking(t, { email: 'an@saigon-cotton.vn' });
    await submitBooking(t, { email: 'binh@hanoi-wool.vn' });
    const codes = await t.database.db.select({ id: quickFillCode.id, email: quickFillCode.email }).from(quickFillCode);
    expect(codes).toHaveLength(2);

    // Nothing has expired yet.
    expect((await removeExpiredRecords(t.database.db)).quickFillCodes).toBe(0);

    const expired = codes.find((code) => code.email === 'an@saigon-cotton.vn')!;
    await t.database.db
      .update(quickFillCode)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(quickFillCode.id, expired.id));
    expect((await removeExpiredRecords(t.database.db)).quickFillCodes).toBe(1);
    const left = await t.database.db.select({ email: quickFillCode.email }).from(quickFillCode);
    expect(left.map((code) => code.email)).toEqual(['binh@hanoi-wool.vn']);
  });
});
