// How often a lot's joint verdict is wrong, measured on the same cross-validation as one sample's
// (verdict-errors.ts): lots are formed from held-out records of one region, each record's figures
// those of the model fitted without it, and combined by the lot analysis's own rule (combineLot).
// No lot's sample is in the model that scored it; its samples may come from different folds,
// whose models differ only by the records each fold holds out (a tenth, or one record).
import { combineLot, type RegionFigures } from './lot-analysis.ts';
import { seededRandom } from './forest.ts';

/** The lot size the model report shows beside one sample's error rates. */
export const reportedLotSize = 3;
/** Every lot size measured, so the report can say what one more sample buys. */
export const lotSizes = [2, reportedLotSize, 5] as const;
/** The lots are the same in every run on the same records. */
const lotSeed = 32;

/** One judged unit, a held-out record or a lot of them: its true origin and figures per region. */
export type HeldOut = RegionFigures & { region: string; country: string | null };

/**
 * Lots of `size` from held-out records of the same region: each region's records in a seeded
 * order, cut into consecutive lots; a record is in at most one lot, and the last few records of a
 * region that do not fill a lot are left out. Each lot is combined under the uniform prior, as
 * every held-out record is judged.
 */
export function formLots(heldOut: readonly HeldOut[], size: number): HeldOut[] {
  const byRegion = new Map<string, HeldOut[]>();
  for (const unit of heldOut) {
    const list = byRegion.get(unit.region) ?? [];
    byRegion.set(unit.region, list);
    list.push(unit);
  }
  const random = seededRandom(lotSeed + size);
  const lots: HeldOut[] = [];
  for (const region of [...byRegion.keys()].sort()) {
    const list = [...byRegion.get(region)!];
    // Fisher–Yates: the lots do not follow the folds' round-robin order.
    for (let i = list.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [list[i], list[j]] = [list[j]!, list[i]!];
    }
    for (let start = 0; start + size <= list.length; start += size) {
      const members = list.slice(start, start + size);
      const uniform = members[0]!.probabilities.map(() => 0);
      // A region's records name one country (the region's): the first one speaks for the lot.
      lots.push({ region, country: members[0]!.country, ...combineLot(members, uniform) });
    }
  }
  return lots;
}
