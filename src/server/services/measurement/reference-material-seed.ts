// The reference materials a laboratory starts with (shared/measurement/measurement.ts seedReferenceMaterials),
// filled into an empty registry on start, and the measurement permissions granted once to the
// seeded roles of an installation older than them.
import { count, eq } from 'drizzle-orm';
import { seedReferenceMaterials, type MeasuredElement } from '../../../shared/measurement/measurement.ts';
import {
  HOAN_VU_LAB_ROLE,
  supervisorMeasurement,
  thirdLabMeasurement,
  type Permission,
} from '../../../shared/permissions.ts';
import type { Executor } from '../../db/client.ts';
import { referenceMaterial, referenceMaterialValue, role } from '../../db/schema.ts';
import { valueRow } from './reference-materials.ts';

// The measurement permissions arrived after the first roles were seeded: when the registry is first
// filled, the seeded roles still holding their names gain them once (as a new installation's do).
const grants: Record<string, readonly Permission[]> = {
  Administrator: [...supervisorMeasurement, ...thirdLabMeasurement],
  Supervisor: supervisorMeasurement,
  [HOAN_VU_LAB_ROLE]: thirdLabMeasurement,
};

/** Fills an empty registry with the international materials (seedReferenceMaterials). */
export async function seedReferenceRegistry(db: Executor) {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(referenceMaterial);
  if (total > 0) return;
  for (const seed of seedReferenceMaterials) {
    const [created] = await db
      .insert(referenceMaterial)
      .values({ name: seed.name, aliases: seed.aliases, material: seed.material, kind: 'international' })
      .onConflictDoNothing({ target: referenceMaterial.name })
      .returning();
    if (!created) continue;
    const rows = Object.entries(seed.values).flatMap(([element, versions]) =>
      versions!.map((v) => valueRow(created.id, { element: element as MeasuredElement, ...v }, null, v.validFrom)),
    );
    if (rows.length) await db.insert(referenceMaterialValue).values(rows);
  }
  for (const [name, permissions] of Object.entries(grants)) {
    const [held] = await db.select().from(role).where(eq(role.name, name));
    if (!held) continue;
    const current = held.permissions;
    const next = [...current, ...permissions.filter((p) => !current.includes(p))];
    if (next.length !== current.length) await db.update(role).set({ permissions: next }).where(eq(role.id, held.id));
  }
}
