import type { SampleStatus, WorkflowActionName } from '@/shared/sample-workflow';
import { SAMPLE_LISTS } from '@/app/features/samples/sample-queries';

export const TESTER_SAMPLES = SAMPLE_LISTS.tester;

/** The tester sees samples from the moment they are sent to it (as the server's list does). */
export const TESTER_STATUSES: readonly SampleStatus[] = [
  'SentToTester',
  'TesterConfirmed',
  'SentToThirdLab',
  'ThirdLabConfirmed',
  'ResultReturned',
  'ResultConfirmed',
  'Completed',
];

export const TESTER_ACTIONS: readonly WorkflowActionName[] = ['testerCheckIn', 'undoTester'];
