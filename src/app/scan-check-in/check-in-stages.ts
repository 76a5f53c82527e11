import type { WorkflowActionName } from '@/shared/sample-workflow';
import { SAMPLE_LISTS } from '@/app/bench/sample-queries';
import { THIRD_LAB_LIST, THIRD_LAB_PATH } from '@/app/bench/third-lab-list';

/** The benches where a pile of samples arrives and is checked in by scanning their labels. */
export type CheckInStage = 'cs' | 'tester' | 'thirdLab';

export type CheckInStageDefinition = {
  /** The workflow action a scan fires at this bench. */
  action: Extract<WorkflowActionName, 'csCheckIn' | 'testerCheckIn' | 'thirdLabCheckIn'>;
  /** The bench's offline list: the queued check-in is shown as pending in it. */
  list: string;
  /** Its list endpoint, asked by IDFL number when the device has no copy of the sample. */
  path: string;
  /** The outbox label (as the bench's own dialogs write it), shown on the sync page. */
  outboxLabel: string;
};

export const CHECK_IN_STAGES: Record<CheckInStage, CheckInStageDefinition> = {
  cs: {
    action: 'csCheckIn',
    list: SAMPLE_LISTS.cs.list,
    path: SAMPLE_LISTS.cs.path,
    outboxLabel: 'samples:outbox.csCheckIn',
  },
  tester: {
    action: 'testerCheckIn',
    list: SAMPLE_LISTS.tester.list,
    path: SAMPLE_LISTS.tester.path,
    outboxLabel: 'samples:outbox.testerCheckIn',
  },
  thirdLab: {
    action: 'thirdLabCheckIn',
    list: THIRD_LAB_LIST,
    path: THIRD_LAB_PATH,
    outboxLabel: 'third-lab:outbox.checkIn',
  },
};

/**
 * Every cached list that holds sample entries (ids are sample-entry ids in all of them). A label is
 * looked up in all of them, so a sample this bench does not list yet (still at CS, say) is named with
 * its real state instead of being called unknown.
 */
export const SCANNABLE_LISTS: readonly string[] = [
  SAMPLE_LISTS.cs.list,
  SAMPLE_LISTS.tester.list,
  SAMPLE_LISTS.supervisor.list,
  THIRD_LAB_LIST,
];
