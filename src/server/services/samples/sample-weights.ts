import type { sampleEntry } from '../../db/schema.ts';
import { SENT_WEIGHT_TOO_LARGE } from '../../../shared/schemas/sample-entry.ts';
import { badRequest } from '../../errors.ts';

/** Remaining weight is the server's to compute: initial − sent, never negative. */
export function computeWeights(
  current: Pick<typeof sampleEntry.$inferSelect, 'initialWeight' | 'sentWeight'>,
  change: { initialWeight?: number | null; sentWeight?: number | null },
) {
  const initialWeight = change.initialWeight !== undefined ? change.initialWeight : current.initialWeight;
  const sentWeight = change.sentWeight !== undefined ? change.sentWeight : current.sentWeight;
  if (initialWeight != null && sentWeight != null && sentWeight > initialWeight) {
    throw badRequest('sentWeightTooLarge', {}, { sentWeight: SENT_WEIGHT_TOO_LARGE });
  }
  const remainingWeight = initialWeight == null ? null : roundGrams(initialWeight - (sentWeight ?? 0));
  return { initialWeight, sentWeight, remainingWeight };
}

// Floating-point subtraction must not show 0.30000000000000004 g on a label.
const roundGrams = (grams: number) => Math.round(grams * 1e6) / 1e6;
