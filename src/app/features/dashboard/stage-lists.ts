import { benches, tileBench, type Bench } from '@/shared/workflow/benches';
import type { Permission } from '@/shared/permissions';
import { sampleStatuses, type SampleStatus } from '@/shared/workflow/sample-workflow';

type StageList = { to: (typeof benches)[Bench]['screen']['to']; permissions: readonly Permission[] };

/**
 * Where a stage tile leads: the list of the bench that holds samples of that status (the bench
 * table's `tiles`), opened filtered by it, and who may open that list (a tile shows only to them).
 */
export const stageLists = Object.fromEntries(
  sampleStatuses.map((status): [SampleStatus, StageList] => {
    const { screen } = benches[tileBench[status]];
    return [status, { to: screen.to, permissions: [screen.permission] }];
  }),
) as Record<SampleStatus, StageList>;

/** Hours as a person reads a waiting time: hours under two days, days beyond. */
export function formatDuration(hours: number | null | undefined, units: { hours: string; days: string }): string {
  if (hours == null) return '—';
  if (hours < 48) return `${Math.round(hours * 10) / 10} ${units.hours}`;
  return `${Math.round((hours / 24) * 10) / 10} ${units.days}`;
}
