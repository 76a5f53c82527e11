// The reference materials' registry: materials with names and aliases, and per element the versions
// of their assigned values. A value is never edited; a revision is a new version, and adding one
// answers which runs, samples and certificates were computed on the earlier value.
import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import {
  elementScales,
  identifierKey,
  measuredElements,
  type MeasuredElement,
  type ReferenceMaterialInput,
  type ReferenceValueInput,
} from '../../../shared/measurement/measurement.ts';
import type { Executor } from '../../db/client.ts';
import {
  certificate,
  measurementResult,
  measurementRun,
  measurementRunValue,
  referenceMaterial,
  referenceMaterialValue,
  sampleEntry,
} from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { appendAudit, asJson, type Actor } from '../custody/audit.ts';

const REFERENCE_MATERIAL_ENTITY = 'reference_material';

type ReferenceMaterialRow = typeof referenceMaterial.$inferSelect;
export type ReferenceValueRow = typeof referenceMaterialValue.$inferSelect;
export type ReferenceMaterialWithValues = ReferenceMaterialRow & { values: ReferenceValueRow[] };

/** The version of a material's value for an element in force on a day: the latest valid from it or before. */
export function valueInForce(
  material: ReferenceMaterialWithValues,
  element: MeasuredElement,
  on: string,
): ReferenceValueRow | undefined {
  return material.values
    .filter((v) => v.element === element && v.validFrom <= on)
    .sort((a, b) => (a.validFrom < b.validFrom ? 1 : a.validFrom > b.validFrom ? -1 : b.id - a.id))[0];
}

/** Every material with every value version (a registry holds dozens): what a run is matched against. */
export async function loadRegistry(db: Executor): Promise<ReferenceMaterialWithValues[]> {
  const [materials, values] = await Promise.all([
    db.select().from(referenceMaterial).orderBy(asc(referenceMaterial.name)),
    db
      .select()
      .from(referenceMaterialValue)
      .orderBy(asc(referenceMaterialValue.validFrom), asc(referenceMaterialValue.id)),
  ]);
  return materials.map((m) => ({ ...m, values: values.filter((v) => v.referenceMaterialId === m.id) }));
}

/** The registry's look-up by name or alias, compared as identifiers are (identifierKey). */
export function materialsByKey(registry: readonly ReferenceMaterialWithValues[]) {
  const byKey = new Map<string, ReferenceMaterialWithValues>();
  for (const m of registry) for (const name of [m.name, ...m.aliases]) byKey.set(identifierKey(name), m);
  return byKey;
}

function checkScale(value: ReferenceValueInput, field: string) {
  const scale = elementScales[value.element].scale;
  if (value.scale && value.scale !== scale)
    throw badRequest('referenceValueWrongScale', { element: value.element, scale }, { [field]: `Use ${scale}` });
  return scale;
}

async function assertNamesFree(db: Executor, names: string[], exceptId?: number) {
  const registry = await loadRegistry(db);
  const taken = materialsByKey(registry.filter((m) => m.id !== exceptId));
  const seen = new Set<string>();
  names.forEach((name, i) => {
    const key = identifierKey(name);
    const field = i === 0 ? 'name' : `aliases.${i - 1}`;
    if (!key) throw badRequest('referenceMaterialNameInvalid', {}, { [field]: 'Use letters or digits' });
    const holder = taken.get(key);
    if (holder) throw conflict('referenceMaterialNameTaken', { name, holder: holder.name });
    if (seen.has(key)) throw badRequest('referenceMaterialNameRepeated', { name }, { [field]: 'Named twice' });
    seen.add(key);
  });
}

export async function createReferenceMaterial(
  db: Executor,
  { input, by, today }: { input: ReferenceMaterialInput; by: Actor; today: string },
) {
  input.values.forEach((v, i) => checkScale(v, `values.${i}.scale`));
  return db.transaction(async (tx) => {
    // One registry writer at a time, so two materials cannot both take a free name or alias.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727101)`);
    await assertNamesFree(tx, [input.name, ...input.aliases]);
    const [created] = await tx
      .insert(referenceMaterial)
      .values({
        name: input.name,
        aliases: input.aliases,
        material: input.material,
        kind: input.kind,
        notes: input.notes ?? null,
        createdBy: by.id,
      })
      .returning();
    const values = input.values.length
      ? await tx
          .insert(referenceMaterialValue)
          .values(input.values.map((v) => valueRow(created!.id, v, by, today)))
          .returning()
      : [];
    await appendAudit(tx, {
      entityType: REFERENCE_MATERIAL_ENTITY,
      entityId: created!.id,
      action: 'create',
      changes: asJson({ referenceMaterial: { from: null, to: { ...created, values } } }),
      actor: by,
    });
    return { ...created!, values };
  });
}

/** A value version's row; without its own date it is valid from `today`, the laboratory's day. */
export function valueRow(referenceMaterialId: number, v: ReferenceValueInput, by: Actor | null, today: string) {
  return {
    referenceMaterialId,
    element: v.element,
    value: v.value,
    uncertainty: v.uncertainty ?? null,
    scale: elementScales[v.element].scale,
    validFrom: v.validFrom ?? today,
    source: v.source ?? null,
    createdBy: by?.id ?? null,
  };
}

export async function findReferenceMaterial(db: Executor, id: number): Promise<ReferenceMaterialWithValues> {
  const [material] = await db.select().from(referenceMaterial).where(eq(referenceMaterial.id, id));
  if (!material) throw notFound('referenceMaterialNotFound');
  const values = await db
    .select()
    .from(referenceMaterialValue)
    .where(eq(referenceMaterialValue.referenceMaterialId, id))
    .orderBy(asc(referenceMaterialValue.element), asc(referenceMaterialValue.validFrom));
  return { ...material, values };
}

/** Adds a version of a material's value; answers it with what used the earlier versions. */
export async function addReferenceValue(
  db: Executor,
  { id, input, by, today }: { id: number; input: ReferenceValueInput; by: Actor; today: string },
) {
  checkScale(input, 'scale');
  return db.transaction(async (tx) => {
    const [material] = await tx.select().from(referenceMaterial).where(eq(referenceMaterial.id, id)).for('update');
    if (!material) throw notFound('referenceMaterialNotFound');
    const row = valueRow(id, input, by, today);
    const [same] = await tx
      .select({ id: referenceMaterialValue.id })
      .from(referenceMaterialValue)
      .where(
        and(
          eq(referenceMaterialValue.referenceMaterialId, id),
          eq(referenceMaterialValue.element, input.element),
          eq(referenceMaterialValue.validFrom, row.validFrom),
        ),
      );
    if (same)
      throw conflict('referenceValueExists', { name: material.name, element: input.element, validFrom: row.validFrom });
    const [value] = await tx.insert(referenceMaterialValue).values(row).returning();
    await tx
      .update(referenceMaterial)
      .set({ version: sql`${referenceMaterial.version} + 1`, updatedAt: new Date() })
      .where(eq(referenceMaterial.id, id));
    await appendAudit(tx, {
      entityType: REFERENCE_MATERIAL_ENTITY,
      entityId: id,
      action: 'addValue',
      changes: asJson({ [`values.${input.element}`]: { from: null, to: value } }),
      actor: by,
    });
    const impact = await referenceValueImpact(tx, {
      id,
      element: input.element,
      newerThan: value!,
      on: today,
    });
    return { value: value!, impact };
  });
}

/**
 * What was computed on a material's earlier values: every run whose current revision used one (as
 * anchor or check), the samples those runs gave values to, and the certificates issued for them.
 * With `newerThan`, only values other than it and valid from before it; else every value but the one
 * in force today.
 */
export async function referenceValueImpact(
  db: Executor,
  { id, element, newerThan, on }: { id: number; element?: MeasuredElement; newerThan?: ReferenceValueRow; on: string },
) {
  const material = await findReferenceMaterial(db, id);
  const elements = element ? [element] : measuredElements.filter((e) => material.values.some((v) => v.element === e));
  const earlier = elements.flatMap((e) => {
    const current = newerThan && newerThan.element === e ? newerThan : valueInForce(material, e, on);
    return material.values.filter(
      (v) => v.element === e && current && v.id !== current.id && v.validFrom <= current.validFrom,
    );
  });
  const earlierIds = earlier.map((v) => v.id);
  if (earlierIds.length === 0) return { values: [], runs: [], samples: [], certificates: [] };
  const runs = await db
    .selectDistinct({
      id: measurementRun.id,
      fileName: measurementRun.fileName,
      measuredOn: measurementRun.measuredOn,
      revision: measurementRun.revision,
      referenceMaterialValueId: measurementRunValue.referenceMaterialValueId,
      isAnchor: measurementRunValue.isAnchor,
    })
    .from(measurementRunValue)
    .innerJoin(
      measurementRun,
      and(
        eq(measurementRun.id, measurementRunValue.measurementRunId),
        eq(measurementRun.revision, measurementRunValue.revision),
      ),
    )
    .where(inArray(measurementRunValue.referenceMaterialValueId, earlierIds))
    .orderBy(asc(measurementRun.id));
  const runIds = [...new Set(runs.map((r) => r.id))];
  const samples = runIds.length
    ? await db
        .select({
          measurementRunId: measurementResult.measurementRunId,
          sampleEntryId: measurementResult.sampleEntryId,
          idflNumber: sampleEntry.idflNumber,
          status: sampleEntry.status,
          landed: measurementResult.landed,
        })
        .from(measurementResult)
        .innerJoin(measurementRun, eq(measurementRun.id, measurementResult.measurementRunId))
        .innerJoin(sampleEntry, eq(sampleEntry.id, measurementResult.sampleEntryId))
        .where(
          and(
            inArray(measurementResult.measurementRunId, runIds),
            eq(measurementResult.revision, measurementRun.revision),
          ),
        )
        .orderBy(asc(measurementResult.measurementRunId), asc(sampleEntry.idflNumber))
    : [];
  const sampleIds = [...new Set(samples.map((s) => s.sampleEntryId))];
  const certificates = sampleIds.length
    ? await db
        .select({
          id: certificate.id,
          sampleEntryId: certificate.sampleEntryId,
          version: certificate.version,
          status: certificate.status,
          issuedAt: certificate.issuedAt,
        })
        .from(certificate)
        .where(and(inArray(certificate.sampleEntryId, sampleIds), ne(certificate.status, 'Revoked')))
        .orderBy(asc(certificate.sampleEntryId), desc(certificate.version))
    : [];
  return {
    values: earlier,
    runs: runIds.map((runId) => {
      const uses = runs.filter((r) => r.id === runId);
      const { id, fileName, measuredOn, revision } = uses[0]!;
      return {
        id,
        fileName,
        measuredOn,
        revision,
        valueIds: uses.map((u) => u.referenceMaterialValueId),
        asAnchor: uses.some((u) => u.isAnchor),
      };
    }),
    samples,
    certificates: certificates.map((c) => ({ ...c, issuedAt: c.issuedAt.toISOString() })),
  };
}

export type ReferenceMaterialFilters = {
  search?: string;
  kind?: string;
  element?: MeasuredElement;
  limit: number;
  offset: number;
};

export async function listReferenceMaterials(db: Executor, filters: ReferenceMaterialFilters, on: string) {
  const search = filters.search ? `%${filters.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    search
      ? or(
          ilike(referenceMaterial.name, search),
          ilike(referenceMaterial.material, search),
          sql`${referenceMaterial.aliases}::text ILIKE ${search}`,
        )
      : undefined,
    filters.kind ? eq(referenceMaterial.kind, filters.kind as 'international' | 'inHouse') : undefined,
    filters.element
      ? sql`EXISTS (SELECT 1 FROM ${referenceMaterialValue} WHERE ${referenceMaterialValue.referenceMaterialId} = ${referenceMaterial.id} AND ${referenceMaterialValue.element} = ${filters.element})`
      : undefined,
  );
  const [materials, [total]] = await Promise.all([
    db
      .select()
      .from(referenceMaterial)
      .where(where)
      .orderBy(asc(referenceMaterial.name))
      .limit(filters.limit)
      .offset(filters.offset),
    db.select({ total: count() }).from(referenceMaterial).where(where),
  ]);
  const values = materials.length
    ? await db
        .select()
        .from(referenceMaterialValue)
        .where(
          inArray(
            referenceMaterialValue.referenceMaterialId,
            materials.map((m) => m.id),
          ),
        )
        .orderBy(asc(referenceMaterialValue.element), asc(referenceMaterialValue.validFrom))
    : [];
  return {
    items: materials.map((m) =>
      withCurrent({ ...m, values: values.filter((v) => v.referenceMaterialId === m.id) }, on),
    ),
    total: total?.total ?? 0,
    limit: filters.limit,
    offset: filters.offset,
  };
}

/** A material as the API answers it: every version, and per element the one in force on a day (today). */
export function withCurrent(material: ReferenceMaterialWithValues, on: string) {
  const current: Partial<Record<MeasuredElement, number>> = {};
  for (const e of measuredElements) {
    const v = valueInForce(material, e, on);
    if (v) current[e] = v.id;
  }
  return { ...material, currentValueIds: current };
}
