import { z } from '@hono/zod-openapi';
import { receiptDecisions, receivedConditions, workflowActions } from '../../../shared/workflow/sample-workflow.ts';
import { createDispatchBatchSchema, updateDispatchBatchSchema } from '../../../shared/schemas/dispatch-batch.ts';
import type { AppRouter } from '../../http/context.ts';
import { dispatchBatchSchema } from '../../http/schemas/dispatch-batch-schema.ts';
import { datesInOrder, envelope, listQuery, ok, pageOf } from '../../http/responses.ts';
import { defineRoute } from '../../http/route.ts';
import {
  createDispatchBatch,
  findPackingList,
  listDispatchBatches,
  sendDispatchBatch,
  updateDispatchBatch,
} from '../../services/samples/dispatch-batches.ts';
import { dateParam, idParam, idQuery, listParam, readList } from '../../http/params.ts';

// Dispatch batches (packages) for the third lab ("Shipping Management" in the menu).

const dispatchBatchListItemSchema = dispatchBatchSchema
  .extend({ sampleCount: z.number().int() })
  .openapi('DispatchBatchListItem');

const packingListSchema = dispatchBatchListItemSchema
  .extend({
    totalSentWeight: z.number().openapi({ description: 'Grams' }),
    samples: z.array(
      z.object({
        id: z.number().int(),
        idflNumber: z.string(),
        sampleCode: z.string().nullable(),
        sampleType: z.string().nullable(),
        localCode: z.string().nullable(),
        bnCode: z.string().nullable(),
        unit: z.string().nullable(),
        initialWeight: z.number().nullable(),
        sentWeight: z.number().nullable(),
        remainingWeight: z.number().nullable(),
        storageArea: z.string().nullable(),
        status: z.string(),
        rushService: z.boolean().openapi({ description: "The sample's booking asked for rush service" }),
        receivedCondition: z.enum(receivedConditions).nullable(),
        receiptDecision: z.enum(receiptDecisions).nullable(),
      }),
    ),
  })
  .openapi('PackingList');

const batchAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: envelope(dispatchBatchSchema) } },
});

const listRouteDef = defineRoute({
  method: 'get',
  path: '/api/sample-dispatch-batch',
  tags: ['Dispatch batches'],
  summary: 'Packages with their sample counts',
  access: ['CanViewAllDispatchBatch'],
  request: {
    query: z
      .object({
        ...listQuery,
        packageCode: z.string().trim().max(40).optional(),
        shippmentNumber: z.string().trim().max(100).optional(),
        sentBy: z.string().trim().max(200).optional(),
        sentFromDate: dateParam(),
        sentToDate: dateParam(),
        status: listParam(),
      })
      .superRefine(datesInOrder([['sentFromDate', 'sentToDate']])),
  },
  responses: {
    200: {
      description: 'A page',
      content: { 'application/json': { schema: envelope(pageOf(dispatchBatchListItemSchema)) } },
    },
  },
});

const createRouteDef = defineRoute({
  method: 'post',
  path: '/api/sample-dispatch-batch',
  offline: true,
  tags: ['Dispatch batches'],
  summary: 'Create a Draft package (code PKG-YYYY-NNNNN unless given), optionally with TesterConfirmed samples',
  access: ['CanCreateDispatchBatch'],
  request: { body: { content: { 'application/json': { schema: createDispatchBatchSchema } }, required: true } },
  responses: { 201: batchAnswer('Created') },
});

const updateRouteDef = defineRoute({
  method: 'put',
  path: '/api/sample-dispatch-batch',
  offline: true,
  tags: ['Dispatch batches'],
  summary:
    'Change a Draft package: its name, shipment number, notes, and samples; `version` required (stale write → 409)',
  access: ['CanUpdateDispatchBatch'],
  request: {
    query: idQuery,
    body: { content: { 'application/json': { schema: updateDispatchBatchSchema } }, required: true },
  },
  responses: { 200: batchAnswer('Updated') },
});

const sendRouteDef = defineRoute({
  method: 'post',
  path: '/api/sample-dispatch-batch/transfer-to-third-lab',
  offline: true,
  tags: ['Dispatch batches'],
  summary: 'Send a Draft package: every sample in it goes SentToThirdLab',
  access: workflowActions.sendToThirdLab.permissions,
  request: { query: idQuery },
  responses: {
    200: {
      description: 'Sent',
      content: { 'application/json': { schema: envelope(dispatchBatchListItemSchema) } },
    },
  },
});

const packingListRouteDef = defineRoute({
  method: 'get',
  path: '/api/sample-dispatch-batch/{id}/packing-list',
  tags: ['Dispatch batches'],
  summary: 'The package and its samples, for a printable packing list',
  access: ['CanViewAllDispatchBatch'],
  request: { params: idParam },
  responses: {
    200: { description: 'Packing list', content: { 'application/json': { schema: envelope(packingListSchema) } } },
  },
});

export function registerDispatchBatchRoutes(app: AppRouter) {
  app.openapi(listRouteDef, async (c) => {
    const query = c.req.valid('query');
    return ok(
      c,
      await listDispatchBatches(c.var.db, {
        ...query,
        status: readList(query.status),
        timeZone: c.var.deps.env.LAB_TIME_ZONE,
      }),
    );
  });

  app.openapi(createRouteDef, async (c) => {
    const batch = await createDispatchBatch(c.var.db, { input: c.req.valid('json'), by: c.var.auth });
    return ok(c, batch, `Package ${batch.packageCode} has been created.`, 201);
  });

  app.openapi(updateRouteDef, async (c) => {
    const batch = await updateDispatchBatch(c.var.db, {
      id: c.req.valid('query').id,
      input: c.req.valid('json'),
      by: c.var.auth,
    });
    return ok(c, batch, `Package ${batch.packageCode} has been updated.`);
  });

  app.openapi(sendRouteDef, async (c) => {
    const batch = await sendDispatchBatch(c.var.db, { id: c.req.valid('query').id, by: c.var.auth });
    return ok(c, batch, `Package ${batch.packageCode} has been successfully transferred.`);
  });

  app.openapi(packingListRouteDef, async (c) => ok(c, await findPackingList(c.var.db, c.req.valid('param').id)));
}
