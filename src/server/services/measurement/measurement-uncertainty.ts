// The laboratory's measurement uncertainty as of a day, from the check standards of its measurement
// runs (the pure arithmetic: shared/measurement/measurement-uncertainty.ts), and what a sample's values are
// traceable to: the anchors of the runs that measured it.
import { and, gte, inArray, lte } from 'drizzle-orm';
import type { MeasuredElement } from '../../../shared/measurement/measurement.ts';
import {
  measurementUncertainty,
  windowStart,
  type CheckResult,
  type ElementUncertainty,
} from '../../../shared/measurement/measurement-uncertainty.ts';
import type { Executor } from '../../db/client.ts';
import { measurementRun, referenceMaterialValue } from '../../db/schema.ts';

/**
 * The check-standard results of the runs measured in the window ending on `asOf`: per run (its current
 * revision) and element, each check standard's mean normalised value with the assigned value and the
 * registry's uncertainty of the value version the run used.
 */
async function checkResults(db: Executor, asOf: string): Promise<CheckResult[]> {
  const runs = await db
    .select({ id: measurementRun.id, measuredOn: measurementRun.measuredOn, calibrations: measurementRun.calibrations })
    .from(measurementRun)
    .where(and(gte(measurementRun.measuredOn, windowStart(asOf)), lte(measurementRun.measuredOn, asOf)));
  const valueIds = [
    ...new Set(runs.flatMap((r) => r.calibrations.flatMap((c) => c.checks.flatMap((k) => k.valueId ?? [])))),
  ];
  const uncertainties = new Map<number, number | null>();
  for (let start = 0; start < valueIds.length; start += 1000) {
    const rows = await db
      .select({ id: referenceMaterialValue.id, uncertainty: referenceMaterialValue.uncertainty })
      .from(referenceMaterialValue)
      .where(inArray(referenceMaterialValue.id, valueIds.slice(start, start + 1000)));
    for (const row of rows) uncertainties.set(row.id, row.uncertainty);
  }
  return runs.flatMap((run) =>
    run.calibrations.flatMap((c) =>
      c.checks.map((k) => ({
        element: c.element,
        material: k.name,
        runId: run.id,
        measuredOn: run.measuredOn,
        value: k.value,
        assigned: k.assigned,
        assignedUncertainty: k.valueId === null ? null : (uncertainties.get(k.valueId) ?? null),
      })),
    ),
  );
}

/** Every element's uncertainty as of a day (the laboratory's), with its inputs. */
export async function currentUncertainty(db: Executor, asOf: string): Promise<ElementUncertainty[]> {
  return measurementUncertainty(await checkResults(db, asOf), asOf);
}

/**
 * The reference materials a sample's values are traceable to: the anchors of the runs (their current
 * revisions) that measured each element, as the third-lab result names them (element → run).
 */
export async function anchorsOfRuns(
  db: Executor,
  runsByElement: Partial<Record<MeasuredElement, number>>,
): Promise<string[]> {
  const ids = [...new Set(Object.values(runsByElement))];
  if (ids.length === 0) return [];
  const runs = await db
    .select({ id: measurementRun.id, calibrations: measurementRun.calibrations })
    .from(measurementRun)
    .where(inArray(measurementRun.id, ids));
  const names = new Set<string>();
  for (const [element, runId] of Object.entries(runsByElement)) {
    const calibration = runs.find((r) => r.id === runId)?.calibrations.find((c) => c.element === element);
    for (const anchor of calibration?.anchors ?? []) names.add(anchor.name);
  }
  return [...names].sort((a, b) => a.localeCompare(b));
}
