import type { TesterUpdateSample } from '../../../shared/schemas/sample-entry.ts';
import type { Executor } from '../../db/client.ts';
import type { FileAttacher } from '../files.ts';
import { fireSampleAction } from './sample-transitions.ts';
import { editSampleData } from './sample-edits.ts';
import type { Actor } from '../custody/audit.ts';

// The tester lab's changes of sample entries: check in, update, undo.

export async function checkInSampleTester(db: Executor, { id, by }: { id: number; by: Actor }) {
  return db.transaction(async (tx) => {
    const { after } = await fireSampleAction(tx, id, {
      action: 'testerCheckIn',
      by,
      changes: { testerReceivedDate: new Date(), testerReceivedBy: by.id },
    });
    return after;
  });
}

export async function updateSampleEntryTester(
  db: Executor,
  { id, input, by }: { id: number; input: TesterUpdateSample; by: Actor & FileAttacher },
) {
  const { version: _version, ...fields } = input;
  return editSampleData(db, { id, edit: 'testerUpdate', input, by, changes: fields });
}

/** Tester undo: the sample goes back to the client-side lab (and out of any Draft package). */
export async function undoTesterStatus(db: Executor, { id, by }: { id: number; by: Actor }) {
  return db.transaction(async (tx) => {
    const { after } = await fireSampleAction(tx, id, {
      action: 'undoTester',
      by,
      reason: 'Undone by tester lab',
      changes: {
        sentToTesterDate: null,
        sentToTesterBy: null,
        testerReceivedDate: null,
        testerReceivedBy: null,
        dispatchBatchId: null,
        packageCode: null,
      },
    });
    return after;
  });
}
