import type { Permission } from '@/shared/permissions';
import type { SampleStatus } from '@/shared/sample-workflow';

/**
 * Where a stage tile leads: the list that holds samples of that status, opened filtered by it, and
 * the permissions of that list's menu link (a tile shows only to those who may open its list).
 */
export const stageLists: Record<
  SampleStatus,
  { to: '/clients' | '/testers' | '/supervisor-samples'; permissions: readonly Permission[] }
> = {
  New: { to: '/clients', permissions: ['CanViewAllSampleEntryCs'] },
  CsConfirmed: { to: '/clients', permissions: ['CanViewAllSampleEntryCs'] },
  SentToTester: { to: '/testers', permissions: ['CanViewDetailSampleEntryTester'] },
  TesterConfirmed: { to: '/testers', permissions: ['CanViewDetailSampleEntryTester'] },
  SentToThirdLab: { to: '/supervisor-samples', permissions: ['CanViewAllSampleEntrySupervisor'] },
  ThirdLabConfirmed: { to: '/supervisor-samples', permissions: ['CanViewAllSampleEntrySupervisor'] },
  ResultReturned: { to: '/supervisor-samples', permissions: ['CanViewAllSampleEntrySupervisor'] },
  ResultConfirmed: { to: '/supervisor-samples', permissions: ['CanViewAllSampleEntrySupervisor'] },
  Completed: { to: '/supervisor-samples', permissions: ['CanViewAllSampleEntrySupervisor'] },
};

/** Hours as a person reads a waiting time: hours under two days, days beyond. */
export function formatDuration(hours: number | null | undefined, units: { hours: string; days: string }): string {
  if (hours == null) return '—';
  if (hours < 48) return `${Math.round(hours * 10) / 10} ${units.hours}`;
  return `${Math.round((hours / 24) * 10) / 10} ${units.days}`;
}
