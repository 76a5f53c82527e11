import { benchStatuses } from '@/shared/benches';
import type { WorkflowActionName } from '@/shared/sample-workflow';
import { SAMPLE_LISTS } from '@/app/bench/sample-queries';

export const TESTER_SAMPLES = SAMPLE_LISTS.tester;

/** The statuses the tester's list shows (the server's own filter). */
export const TESTER_STATUSES = benchStatuses.tester;

export const TESTER_ACTIONS: readonly WorkflowActionName[] = ['testerCheckIn', 'undoTester'];
