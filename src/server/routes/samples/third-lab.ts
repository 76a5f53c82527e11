import { z } from '@hono/zod-openapi';
import { benches } from '../../../shared/workflow/benches.ts';
import { visibleText } from '../../../shared/visible-text.ts';
import { updateResultSchema } from '../../../shared/schemas/third-lab.ts';
import { sampleEditPermissions, workflowActions } from '../../../shared/workflow/sample-workflow.ts';
import type { AppRouter } from '../../http/context.ts';
import { editEnvelope, edited, envelope, keysetPageOf, ok } from '../../http/responses.ts';
import { thirdLabListQuery } from '../../http/schemas/third-lab-query.ts';
import { defineRoute } from '../../http/route.ts';
import {
  checkInThirdLab,
  returnThirdLabResult,
  undoSampleTransaction,
  updateThirdLabResult,
} from '../../services/samples/third-lab.ts';
import { listThirdLabSamples, thirdLabStatisticSummary } from '../../services/samples/third-lab-list.ts';
import { dispatchBatchSchema } from '../../http/schemas/dispatch-batch-schema.ts';
import { idQuery, readList } from '../../http/params.ts';
import { sampleEntrySchema, thirdLabEntrySchema } from '../../http/schemas/sample-schemas.ts';

// Third lab (hoanVuLab): receives packages, enters and returns C/H/O results.

const thirdLabSampleSchema = sampleEntrySchema.extend({ thirdLabEntry: thirdLabEntrySchema }).openapi('ThirdLabSample');

const listRouteDef = defineRoute({
  method: 'get',
  path: benches.thirdLab.api.list.path,
  tags: ['Third lab'],
  summary: "The third lab's samples with their third-lab entries",
  access: benches.thirdLab.api.list.access,
  request: {
    query: thirdLabListQuery,
  },
  responses: {
    200: {
      description: 'A page',
      content: { 'application/json': { schema: envelope(keysetPageOf(thirdLabSampleSchema)) } },
    },
  },
});

const summaryRouteDef = defineRoute({
  method: 'get',
  path: '/api/third-lab/statistic-summary',
  tags: ['Third lab'],
  summary: "Counts per status of the third lab's samples, and what it received and returned this month",
  access: ['CanViewAllTransactionThirdLab'],
  responses: {
    200: {
      description: 'Summary',
      content: {
        'application/json': {
          schema: envelope(
            z.object({
              byStatus: z.record(z.string(), z.number().int()),
              total: z.number().int(),
              receivedThisMonth: z.number().int(),
              returnedThisMonth: z.number().int(),
              month: z.string(),
            }),
          ),
        },
      },
    },
  },
});

const thirdLabAnswer = (description: string) => ({
  200: {
    description,
    content: { 'application/json': { schema: envelope(thirdLabSampleSchema) } },
  },
});

const checkInRouteDef = defineRoute({
  method: 'put',
  path: '/api/third-lab/check-in',
  offline: true,
  tags: ['Third lab'],
  summary: 'Confirm a sample received at the third lab (SentToThirdLab → ThirdLabConfirmed)',
  access: workflowActions.thirdLabCheckIn.permissions,
  request: { query: idQuery },
  responses: thirdLabAnswer('Checked in'),
});

const updateResultRouteDef = defineRoute({
  method: 'put',
  path: '/api/third-lab/update-result',
  offline: true,
  tags: ['Third lab'],
  summary: 'Enter the C, H, O values, notes and the PDF report of a checked-in sample; optional version',
  access: sampleEditPermissions.thirdLabResult,
  request: {
    query: idQuery,
    body: { content: { 'application/json': { schema: updateResultSchema } }, required: true },
  },
  responses: {
    200: {
      description: 'Saved, or unchanged (nothing written) when the save changed nothing',
      content: { 'application/json': { schema: editEnvelope(thirdLabEntrySchema) } },
    },
  },
});

const returnRouteDef = defineRoute({
  method: 'put',
  path: '/api/third-lab/return-result',
  offline: true,
  tags: ['Third lab'],
  summary: 'Return the result (ThirdLabConfirmed → ResultReturned); C, H and O must be entered',
  access: workflowActions.returnResult.permissions,
  request: { query: idQuery },
  responses: thirdLabAnswer('Returned'),
});

const undoRouteDef = defineRoute({
  method: 'delete',
  path: '/api/third-lab/undo-sample-transaction',
  offline: true,
  tags: ['Third lab'],
  summary: 'Undo a sent package: its samples go back to TesterConfirmed and the package to Draft',
  access: workflowActions.undoThirdLabTransaction.permissions,
  request: { query: z.object({ packageCode: visibleText('Package code is required').max(40) }) },
  responses: {
    200: {
      description: 'Undone',
      content: {
        'application/json': {
          schema: envelope(z.object({ dispatchBatch: dispatchBatchSchema, sampleEntryIds: z.array(z.number().int()) })),
        },
      },
    },
  },
});

export function registerThirdLabRoutes(app: AppRouter) {
  app.openapi(listRouteDef, async (c) => {
    const query = c.req.valid('query');
    return ok(
      c,
      await listThirdLabSamples(c.var.db, {
        ...query,
        status: readList(query.status),
        timeZone: c.var.deps.env.LAB_TIME_ZONE,
      }),
    );
  });

  app.openapi(summaryRouteDef, async (c) =>
    ok(c, await thirdLabStatisticSummary(c.var.db, { timeZone: c.var.deps.env.LAB_TIME_ZONE })),
  );

  app.openapi(checkInRouteDef, async (c) => {
    const sample = await checkInThirdLab(c.var.db, { id: c.req.valid('query').id, by: c.var.auth });
    return ok(c, sample, `Sample ${sample.idflNumber} has been received.`);
  });

  app.openapi(updateResultRouteDef, async (c) => {
    const { entry, unchanged } = await updateThirdLabResult(c.var.db, {
      id: c.req.valid('query').id,
      input: c.req.valid('json'),
      by: c.var.auth,
    });
    return edited(c, { record: entry, unchanged }, 'Result saved.');
  });

  app.openapi(returnRouteDef, async (c) => {
    const sample = await returnThirdLabResult(c.var.db, { id: c.req.valid('query').id, by: c.var.auth });
    return ok(c, sample, `The result of sample ${sample.idflNumber} has been returned.`);
  });

  app.openapi(undoRouteDef, async (c) => {
    const { packageCode } = c.req.valid('query');
    const result = await undoSampleTransaction(c.var.db, { packageCode, by: c.var.auth });
    return ok(c, result, `Package ${packageCode} has been undone.`);
  });
}
