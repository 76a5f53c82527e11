import { benchStatuses } from '@/shared/workflow/benches';
import type { WorkflowActionName } from '@/shared/workflow/sample-workflow';
import { SAMPLE_LISTS } from '@/app/bench/sample-queries';

export const TESTER_SAMPLES = SAMPLE_LISTS.tester;

/** The statuses the tester's list shows (the server's own filter). */
export const TESTER_STATUSES = benchStatuses.tester;

export const TESTER_ACTIONS: readonly WorkflowActionName[] = ['testerCheckIn', 'undoTester'];
