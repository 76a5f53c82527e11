import { z } from '@hono/zod-openapi';
import { addToDispatchBatchSchema } from '../../../shared/schemas/dispatch-batch.ts';
import { testerUpdateSampleSchema } from '../../../shared/schemas/sample-entry.ts';
import type { AppRouter } from '../../http/context.ts';
import { edited, ok } from '../../http/responses.ts';
import { defineRoute } from '../../http/route.ts';
import { sampleEditPermissions, workflowActions } from '../../../shared/workflow/sample-workflow.ts';
import { addSampleToDispatchBatch } from '../../services/samples/dispatch-batches.ts';
import { checkInSampleTester, undoTesterStatus, updateSampleEntryTester } from '../../services/samples/tester-lab.ts';
import { registerBenchReads } from '../../http/bench-reads.ts';
import { idQuery } from '../../http/params.ts';
import { sampleAnswer, sampleEditAnswer } from '../../http/schemas/sample-schemas.ts';

// Tester lab: the tester's bench.

const checkInRouteDef = defineRoute({
  method: 'put',
  path: '/api/tester-lab/check-in',
  offline: true,
  tags: ['Tester lab'],
  summary: 'Confirm a sample received at the tester lab (SentToTester → TesterConfirmed)',
  access: workflowActions.testerCheckIn.permissions,
  request: { query: idQuery },
  responses: sampleAnswer('Checked in'),
});

const updateRouteDef = defineRoute({
  method: 'put',
  path: '/api/tester-lab/update-sample',
  offline: true,
  tags: ['Tester lab'],
  summary:
    "Update the tester's data of a sample (SentToTester or TesterConfirmed); `version` required (stale write → 409)",
  access: sampleEditPermissions.testerUpdate,
  request: {
    query: idQuery,
    body: { content: { 'application/json': { schema: testerUpdateSampleSchema } }, required: true },
  },
  responses: sampleEditAnswer('Updated, or unchanged (nothing written) when the save changed nothing'),
});

const undoRouteDef = defineRoute({
  method: 'put',
  path: '/api/tester-lab/undo-status-isotope',
  offline: true,
  tags: ['Tester lab'],
  summary: 'Send a sample back to the client-side lab (SentToTester or TesterConfirmed → CsConfirmed)',
  access: workflowActions.undoTester.permissions,
  request: {
    query: idQuery.extend({
      Status: z
        .enum(['CsConfirmed'], { error: 'Status must be CsConfirmed' })
        .openapi({ description: 'Target status' }),
    }),
  },
  responses: sampleAnswer('Undone'),
});

const transferRouteDef = defineRoute({
  method: 'post',
  path: '/api/tester-lab/transfer-to-third-lab',
  offline: true,
  tags: ['Tester lab'],
  summary: 'Put a TesterConfirmed sample into a Draft dispatch batch; it leaves when the batch is sent',
  access: sampleEditPermissions.addToDispatchBatch,
  request: {
    query: idQuery,
    body: { content: { 'application/json': { schema: addToDispatchBatchSchema } }, required: true },
  },
  responses: sampleAnswer('Added to the package'),
});

export function registerTesterLabRoutes(app: AppRouter) {
  app.openapi(checkInRouteDef, async (c) => {
    const sample = await checkInSampleTester(c.var.db, { id: c.req.valid('query').id, by: c.var.auth });
    return ok(c, sample, `Sample ${sample.idflNumber} has been checked in.`);
  });

  registerBenchReads(app, {
    bench: 'tester',
    tag: 'Tester lab',
    summaries: {
      list: 'Samples at or past the tester lab, with the tester filters',
      detail: 'A sample entry with its third-lab entries and timeline',
    },
  });

  app.openapi(updateRouteDef, async (c) => {
    const { sample, unchanged } = await updateSampleEntryTester(c.var.db, {
      id: c.req.valid('query').id,
      input: c.req.valid('json'),
      by: c.var.auth,
    });
    return edited(c, { record: sample, unchanged }, `Sample ${sample.idflNumber} has been updated.`);
  });

  app.openapi(undoRouteDef, async (c) => {
    const sample = await undoTesterStatus(c.var.db, { id: c.req.valid('query').id, by: c.var.auth });
    return ok(c, sample, `Sample ${sample.idflNumber} is back at the client-side lab.`);
  });

  app.openapi(transferRouteDef, async (c) => {
    const { packageCode } = c.req.valid('json');
    const sample = await addSampleToDispatchBatch(c.var.db, {
      sampleId: c.req.valid('query').id,
      packageCode,
      by: c.var.auth,
    });
    return ok(c, sample, `Sample ${sample.idflNumber} has been added to package ${packageCode}.`);
  });
}
