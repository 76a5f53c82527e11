import type { SampleEditName } from '../../../shared/workflow/sample-workflow.ts';
import type { Executor } from '../../db/client.ts';
import { assertFilesAttachable, type FileAttacher } from '../files.ts';
import { computeWeights } from './sample-weights.ts';
import {
  judgeEdit,
  lockSample,
  writeSampleChange,
  type SampleChanges,
  type SampleEdit,
  type SampleEntry,
} from './sample-transitions.ts';
import { assertVersion } from '../stale-writes.ts';
import type { Actor } from '../custody/audit.ts';

// A bench's edit of a sample's own data (client-side lab, tester lab): the version check (a stale
// write is a 409), the workflow table's rule on which edit applies in which status, the attached
// images checked, the weights recomputed by the server, and the change in the chain of custody.

type EditInput = {
  version: number;
  imageFileIds?: string[];
  initialWeight?: number | null;
  sentWeight?: number | null;
};

export async function editSampleData(
  db: Executor,
  options: {
    id: number;
    edit: SampleEditName;
    /** The action the chain of custody records; the edit's name unless the bench has its own. */
    action?: string;
    input: EditInput;
    /**
     * The bench's fields as they are written, from the stored sample (locked for this edit); the
     * weights are added here. Only what was sent: a field the bench did not send keeps its value.
     */
    changes: SampleChanges | ((stored: SampleEntry) => SampleChanges);
    by: Actor & FileAttacher;
  },
): Promise<SampleEdit> {
  const { id, edit, action = edit, input, changes, by } = options;
  return db.transaction(async (tx) => {
    const sample = await lockSample(tx, id);
    assertVersion(sample, input.version, 'staleSample');
    judgeEdit(edit, sample);
    if (input.imageFileIds)
      await assertFilesAttachable(tx, input.imageFileIds, {
        field: 'imageFileIds',
        kind: 'image',
        by,
        kept: sample.imageFileIds,
      });
    const fields = typeof changes === 'function' ? changes(sample) : changes;
    // Weights recomputed only when one was sent, so an edit without them leaves them as stored.
    const sentWeights = input.initialWeight !== undefined || input.sentWeight !== undefined;
    return writeSampleChange(tx, {
      sample,
      action,
      by,
      changes: { ...fields, ...(sentWeights ? computeWeights(sample, input) : {}) },
    });
  });
}
