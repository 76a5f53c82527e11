import { z } from '@hono/zod-openapi';
import { benches } from '../../../shared/workflow/benches.ts';
import { visibleText } from '../../../shared/visible-text.ts';
import {
  receiptDecisionPermissions,
  sampleEditPermissions,
  workflowActions,
} from '../../../shared/workflow/sample-workflow.ts';
import {
  csCheckInSampleSchema,
  csCreateSampleSchema,
  csUpdateSampleSchema,
  receiptDecisionSchema,
} from '../../../shared/schemas/sample-entry.ts';
import { tellClientOfSample } from '../../http/client-mail.ts';
import type { AppRouter } from '../../http/context.ts';
import { idParam, idQuery } from '../../http/params.ts';
import { datesInOrder, edited, envelope, ok } from '../../http/responses.ts';
import {
  csListFilters,
  sampleAnswer,
  sampleEditAnswer,
  sampleDetailSchema,
  sampleEntrySchema,
  samplePageSchema,
  toSampleFilters,
} from '../../http/schemas/sample-schemas.ts';
import { defineRoute } from '../../http/route.ts';
import { confirmBooking } from '../../services/bookings/bookings.ts';
import {
  checkInSampleCs,
  createSampleEntry,
  destroyOrder,
  recordReceiptDecision,
  transferToTester,
  updateSampleEntryCs,
} from '../../services/samples/cs-lab.ts';
import { listSampleEntries } from '../../services/samples/sample-lists.ts';
import { readSampleDetail } from '../../services/samples/sample-detail.ts';

// Client-side lab. Its response schemas are shared with the other benches (http/schemas/sample-schemas.ts).

const json = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});

const createRouteDef = defineRoute({
  method: 'post',
  path: '/api/cs-lab/create',
  offline: true,
  tags: ['Client-side lab'],
  summary: 'Create a sample entry by hand (status New); the IDFL number is generated unless given',
  access: ['CanCreateSampleEntryCs'],
  request: json(csCreateSampleSchema),
  responses: {
    201: { description: 'Created', content: { 'application/json': { schema: envelope(sampleEntrySchema) } } },
  },
});

const updateRouteDef = defineRoute({
  method: 'put',
  path: '/api/cs-lab/update',
  offline: true,
  tags: ['Client-side lab'],
  summary:
    'Edit a sample entry still at the client-side lab (New or CsConfirmed); `version` required (stale write → 409)',
  access: sampleEditPermissions.csUpdate,
  request: { query: idQuery, ...json(csUpdateSampleSchema) },
  responses: sampleEditAnswer('Updated, or unchanged (nothing written) when the save changed nothing'),
});

const listRouteDef = defineRoute({
  method: 'get',
  path: benches.cs.api.list.path,
  tags: ['Client-side lab'],
  summary: 'Sample entries with the client-side lab filters',
  access: benches.cs.api.list.access,
  request: { query: z.object(csListFilters).superRefine(datesInOrder([['receivedFromDate', 'receivedToDate']])) },
  responses: {
    200: { description: 'A page', content: { 'application/json': { schema: envelope(samplePageSchema) } } },
  },
});

const detailRouteDef = defineRoute({
  method: 'get',
  path: benches.cs.api.detail.path,
  tags: ['Client-side lab'],
  summary: 'A sample entry with its third-lab entries and chain-of-custody timeline',
  access: benches.cs.api.detail.access,
  request: { params: idParam },
  responses: {
    200: { description: 'Detail', content: { 'application/json': { schema: envelope(sampleDetailSchema) } } },
  },
});

const checkInRouteDef = defineRoute({
  method: 'put',
  path: '/api/cs-lab/check-in',
  offline: true,
  tags: ['Client-side lab'],
  summary:
    'Confirm a booking (id = booking id: one New sample entry per sample type, awaiting its receipt) or, with entry=sample, check in a New sample entry: its receipt (date and time, by whom, weight, condition on receipt, note)',
  // Confirming a booking reads the same list (bookingTransitions.confirm), so one list guards both.
  access: workflowActions.csCheckIn.permissions,
  request: {
    query: idQuery.extend({
      entry: z.enum(['booking', 'sample']).default('booking'),
    }),
    body: {
      content: { 'application/json': { schema: csCheckInSampleSchema.partial() } },
      required: false,
      description:
        'Needed with entry=sample: receivedDate, receivedBy, initialWeight, unit, receivedCondition (intact unless given), receiptNote',
    },
  },
  responses: {
    200: {
      description: 'The checked-in sample entry, or the confirmed booking with its new sample entries',
      content: {
        'application/json': {
          schema: envelope(
            z.union([
              sampleEntrySchema,
              z.object({ booking: z.record(z.string(), z.unknown()), sampleEntries: z.array(sampleEntrySchema) }),
            ]),
          ),
        },
      },
    },
  },
});

const transferRouteDef = defineRoute({
  method: 'put',
  path: '/api/cs-lab/transfer-to-tester',
  offline: true,
  tags: ['Client-side lab'],
  summary: 'Send a CsConfirmed sample to the tester lab',
  access: workflowActions.transferToTester.permissions,
  request: { query: idQuery },
  responses: sampleAnswer('Transferred'),
});

const receiptDecisionRouteDef = defineRoute({
  method: 'put',
  path: '/api/cs-lab/receipt-decision',
  tags: ['Client-side lab'],
  summary:
    "Record the client's decision about a sample held on receipt (received damaged or insufficient): testAsReceived releases the hold, replacement returns it to New to await the replacement's receipt, return keeps it on hold",
  access: receiptDecisionPermissions,
  request: { query: idQuery, ...json(receiptDecisionSchema) },
  responses: sampleAnswer('Recorded'),
});

const destroyRouteDef = defineRoute({
  method: 'delete',
  path: '/api/cs-lab/destroy-order',
  tags: ['Client-side lab'],
  summary: 'Destroy an order (booking number) while none of its samples has left the client-side lab',
  access: ['CanDestroyOrderSample'],
  request: { query: z.object({ orderNumber: visibleText('Order number is required').max(40) }) },
  responses: {
    200: {
      description: 'Destroyed',
      content: {
        'application/json': {
          schema: envelope(
            z.object({
              booking: z.object({ id: z.number().int(), bookingNumber: z.string(), status: z.string() }),
              destroyedSampleEntryIds: z.array(z.number().int()),
            }),
          ),
        },
      },
    },
  },
});

export function registerCsLabRoutes(app: AppRouter) {
  app.openapi(createRouteDef, async (c) => {
    const created = await createSampleEntry(c.var.db, { input: c.req.valid('json'), by: c.var.auth });
    return ok(c, created, `Sample ${created.idflNumber} has been created.`, 201);
  });

  app.openapi(updateRouteDef, async (c) => {
    const { sample, unchanged } = await updateSampleEntryCs(c.var.db, {
      id: c.req.valid('query').id,
      input: c.req.valid('json'),
      by: c.var.auth,
    });
    return edited(c, { record: sample, unchanged }, `Sample ${sample.idflNumber} has been updated.`);
  });

  app.openapi(listRouteDef, async (c) =>
    ok(c, await listSampleEntries(c.var.db, toSampleFilters(c.req.valid('query'), c.var.deps.env.LAB_TIME_ZONE))),
  );

  app.openapi(detailRouteDef, async (c) =>
    ok(c, await readSampleDetail(c.var.db, c.req.valid('param').id, c.var.auth.permissions)),
  );

  app.openapi(checkInRouteDef, async (c) => {
    const { id, entry } = c.req.valid('query');
    if (entry === 'sample') {
      // Validated here rather than by the route, because confirming a booking takes no body.
      const input = csCheckInSampleSchema.parse(c.req.valid('json') ?? {});
      const sample = await checkInSampleCs(c.var.db, { id, input, by: c.var.auth });
      await tellClientOfSample(c, sample.id, { kind: 'received' });
      return ok(c, sample, `Sample ${sample.idflNumber} has been checked in.`);
    }
    const confirmed = await confirmBooking(c.var.db, { bookingId: id, by: c.var.auth });
    return ok(c, confirmed, 'Booking confirmed successfully.');
  });

  app.openapi(transferRouteDef, async (c) => {
    const sample = await transferToTester(c.var.db, { id: c.req.valid('query').id, by: c.var.auth });
    return ok(c, sample, `Sample ${sample.idflNumber} has been successfully transferred.`);
  });

  app.openapi(receiptDecisionRouteDef, async (c) => {
    const sample = await recordReceiptDecision(c.var.db, {
      id: c.req.valid('query').id,
      input: c.req.valid('json'),
      by: c.var.auth,
    });
    return ok(c, sample, `The client's decision about sample ${sample.idflNumber} has been recorded.`);
  });

  app.openapi(destroyRouteDef, async (c) => {
    const { booking, destroyedSampleEntryIds } = await destroyOrder(c.var.db, {
      orderNumber: c.req.valid('query').orderNumber,
      by: c.var.auth,
    });
    return ok(
      c,
      {
        booking: { id: booking.id, bookingNumber: booking.bookingNumber, status: booking.status },
        destroyedSampleEntryIds,
      },
      `Order ${booking.bookingNumber} has been destroyed.`,
    );
  });
}
