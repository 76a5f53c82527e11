// Which country each region of a reference set belongs to. The country is kept on the region's
// records (their country code), so the model learns it with the records and a new version of the
// set refits the model; a claim by country is then judged on that country's regions.
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { cleanIsotopeRecord } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { appendAudit } from '../custody/audit.ts';
import { findMaterial } from './clean-isotope.ts';
import type { Actor } from '../custody/audit.ts';

export type RegionCountry = { material: string; region: string; countryCode: string | null };

/** Sets (or clears) the country of every record of a material's region, with its audit record. */
export async function setRegionCountry(db: Db | Executor, { input, by }: { input: RegionCountry; by: Actor }) {
  const material = await findMaterial(db, input.material);
  if (!material)
    throw new AppError(
      'NOT_FOUND',
      'noReferenceData',
      { material: input.material },
      { errors: { material: 'No reference data for this material' } },
    );
  const countryCode = input.countryCode?.trim().toUpperCase() || null;
  const result = await db.transaction(async (tx) => {
    const where = and(
      eq(cleanIsotopeRecord.material, material),
      sql`lower(${cleanIsotopeRecord.region}) = lower(${input.region.trim()})`,
    );
    const before = await tx
      .selectDistinct({ countryCode: cleanIsotopeRecord.countryCode, region: cleanIsotopeRecord.region })
      .from(cleanIsotopeRecord)
      .where(where);
    if (before.length === 0)
      throw new AppError(
        'NOT_FOUND',
        'regionUnknown',
        { region: input.region },
        { errors: { region: 'This reference set has no records of this region' } },
      );
    const updated = await tx
      .update(cleanIsotopeRecord)
      .set({ countryCode, updatedAt: new Date() })
      .where(where)
      .returning({ id: cleanIsotopeRecord.id });
    const region = before[0]!.region!;
    await appendAudit(tx, {
      entityType: 'clean_isotope_record',
      entityId: `${material}: ${region}`,
      action: 'regionCountrySet',
      changes: {
        countryCode: { from: [...new Set(before.map((b) => b.countryCode))].join(', ') || null, to: countryCode },
      },
      actor: by,
    });
    return { material, region, countryCode, updated: updated.length };
  });
  return result;
}
