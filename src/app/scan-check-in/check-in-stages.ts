import { benches, benchNames, type BenchDefinition, type CheckInStage } from '@/shared/workflow/benches';

export type { CheckInStage };

export type CheckInStageDefinition = {
  /** The workflow action a scan fires at this bench. */
  action: NonNullable<BenchDefinition['checkIn']>;
  /** The bench's offline list: the queued check-in is shown as pending in it. */
  list: string;
  /** Its list endpoint, asked by IDFL number when the device has no copy of the sample. */
  path: string;
};

/** Each bench that checks in by scan, as the bench table defines it. */
export const CHECK_IN_STAGES = Object.fromEntries(
  benchNames.flatMap((bench) => {
    const { checkIn, offlineList, api } = benches[bench] as BenchDefinition;
    return checkIn ? [[bench, { action: checkIn, list: offlineList, path: api.list.path }]] : [];
  }),
) as Record<CheckInStage, CheckInStageDefinition>;

/**
 * Every cached list that holds sample entries (ids are sample-entry ids in all of them). A label is
 * looked up in all of them, so a sample this bench does not list yet (still at CS, say) is named with
 * its real state instead of being called unknown.
 */
export const SCANNABLE_LISTS: readonly string[] = benchNames.map((bench) => benches[bench].offlineList);
