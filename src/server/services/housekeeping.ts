import type { Executor } from '../db/client.ts';
import { removeUnclaimedAttachments } from './bookings/public-attachments.ts';
import { deleteExpiredQuickFillCodes } from './bookings/quick-fill.ts';

/**
 * The server's periodic clean-up (main.ts runs it every ten minutes): attachments of the public form
 * that no booking took within the hour, and quick-fill codes past their expiry.
 */
export async function removeExpiredRecords(db: Executor): Promise<{ attachments: number; quickFillCodes: number }> {
  const attachments = await removeUnclaimedAttachments(db);
  const quickFillCodes = await deleteExpiredQuickFillCodes(db);
  return { attachments, quickFillCodes };
}
