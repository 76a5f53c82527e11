// The clean isotope reference records (Isotope LMD): listing, CSV export, the materials on file and
// the upsert a transferred analysis makes. The origin model learns from these rows; the import of a
// laboratory's file is in clean-isotope-import.ts.
import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { cleanIsotopeColumns } from '../../../shared/schemas/clean-isotope.ts';
import type { Executor } from '../../db/client.ts';
import { containing, countRows, sortOrder, type Paging } from '../../db/queries.ts';
import { cleanIsotopeRecord } from '../../db/schema.ts';
import { csvLines } from '../documents/spreadsheet-cells.ts';

export type CleanIsotopeRecord = typeof cleanIsotopeRecord.$inferSelect;

export function toCleanIsotopeRecord(row: CleanIsotopeRecord) {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

export type CleanIsotopeFilters = {
  sampleCode?: string;
  classify?: string;
  verifiedBy?: string;
  countryCode?: string;
  material?: string;
  region?: string;
  search?: string;
  orderBy?: string;
};

function filterConditions(filters: CleanIsotopeFilters): SQL | undefined {
  const t = cleanIsotopeRecord;
  const conditions: SQL[] = [];
  if (filters.sampleCode) conditions.push(ilike(t.sampleCode, containing(filters.sampleCode)));
  if (filters.classify) conditions.push(sql`lower(${t.classify}) = lower(${filters.classify})`);
  if (filters.verifiedBy) conditions.push(ilike(t.verifiedBy, containing(filters.verifiedBy)));
  if (filters.countryCode) conditions.push(sql`lower(${t.countryCode}) = lower(${filters.countryCode})`);
  if (filters.material) conditions.push(sql`lower(${t.material}) = lower(${filters.material})`);
  if (filters.region) conditions.push(sql`lower(${t.region}) = lower(${filters.region})`);
  if (filters.search) {
    const pattern = containing(filters.search);
    conditions.push(or(ilike(t.sampleCode, pattern), ilike(t.region, pattern), ilike(t.material, pattern))!);
  }
  return conditions.length ? and(...conditions) : undefined;
}

const orderColumns = {
  id: cleanIsotopeRecord.id,
  sampleCode: cleanIsotopeRecord.sampleCode,
  material: cleanIsotopeRecord.material,
  countryCode: cleanIsotopeRecord.countryCode,
  region: cleanIsotopeRecord.region,
  classify: cleanIsotopeRecord.classify,
  verifiedBy: cleanIsotopeRecord.verifiedBy,
  createdAt: cleanIsotopeRecord.createdAt,
  updatedAt: cleanIsotopeRecord.updatedAt,
};

export async function listCleanIsotopes(db: Executor, filters: CleanIsotopeFilters & Paging) {
  const where = filterConditions(filters);
  const rows = await db
    .select()
    .from(cleanIsotopeRecord)
    .where(where)
    .orderBy(
      ...sortOrder(filters.orderBy, orderColumns, [
        asc(cleanIsotopeRecord.material),
        asc(cleanIsotopeRecord.sampleCode),
        asc(cleanIsotopeRecord.id),
      ]),
    )
    .limit(filters.limit)
    .offset(filters.offset);
  const total = await countRows(db, cleanIsotopeRecord, where);
  return { items: rows.map(toCleanIsotopeRecord), total, limit: filters.limit, offset: filters.offset };
}

/** The filtered records as CSV: our columns, then every further element present, alphabetically. */
export async function exportCleanIsotopesCsv(db: Executor, filters: CleanIsotopeFilters): Promise<string> {
  const rows = await db
    .select()
    .from(cleanIsotopeRecord)
    .where(filterConditions(filters))
    .orderBy(
      ...sortOrder(filters.orderBy, orderColumns, [
        asc(cleanIsotopeRecord.material),
        asc(cleanIsotopeRecord.sampleCode),
      ]),
    );
  const elements = [...new Set(rows.flatMap((r) => Object.keys(r.otherElements)))].sort();
  const fields = [...cleanIsotopeColumns, ...elements];
  const data = rows.map((r) => [
    ...cleanIsotopeColumns.map((c) => r[c] ?? ''),
    ...elements.map((e) => r.otherElements[e] ?? ''),
  ]);
  return csvLines([fields, ...data]);
}

/** The spelling on file of a material (matched case-insensitively), or null when it has no records. */
export async function findMaterial(db: Executor, material: string): Promise<string | null> {
  const [row] = await db
    .select({ material: cleanIsotopeRecord.material })
    .from(cleanIsotopeRecord)
    .where(sql`lower(${cleanIsotopeRecord.material}) = lower(${material.trim()})`)
    .limit(1);
  return row?.material ?? null;
}

export async function listMaterials(db: Executor) {
  return db
    .select({
      material: cleanIsotopeRecord.material,
      recordCount: sql<number>`count(*)::int`,
      regionCount: sql<number>`count(DISTINCT coalesce(${cleanIsotopeRecord.region}, ${cleanIsotopeRecord.countryCode}))::int`,
      lastUpdated: sql<string>`max(${cleanIsotopeRecord.updatedAt})`,
    })
    .from(cleanIsotopeRecord)
    .groupBy(cleanIsotopeRecord.material)
    .orderBy(asc(cleanIsotopeRecord.material));
}

/** Upserts one reference record (from a transfer) by material and sample code. */
export async function upsertCleanIsotope(
  db: Executor,
  values: typeof cleanIsotopeRecord.$inferInsert,
): Promise<{ record: CleanIsotopeRecord; existingId: number | null }> {
  const [existing] = await db
    .select({ id: cleanIsotopeRecord.id })
    .from(cleanIsotopeRecord)
    .where(and(eq(cleanIsotopeRecord.material, values.material), eq(cleanIsotopeRecord.sampleCode, values.sampleCode)))
    .for('update');
  const [record] = existing
    ? await db
        .update(cleanIsotopeRecord)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(cleanIsotopeRecord.id, existing.id))
        .returning()
    : await db.insert(cleanIsotopeRecord).values(values).returning();
  return { record: record!, existingId: existing?.id ?? null };
}
