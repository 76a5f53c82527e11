import { z } from '@hono/zod-openapi';
import { sampleEditPermissions, sampleStatuses, workflowActionNames } from '../../shared/sample-workflow.ts';
import {
  csCheckInSampleSchema,
  csCreateSampleSchema,
  csUpdateSampleSchema,
} from '../../shared/schemas/sample-entry.ts';
import type { createRouter } from '../app.ts';
import { dateFilter, envelope, listQuery, ok, pageOf } from '../http/responses.ts';
import { defineRoute } from '../http/route.ts';
import { confirmBooking } from '../services/bookings.ts';
import {
  checkInSampleCs,
  createSampleEntry,
  destroyOrder,
  readSampleDetail,
  listSampleEntries,
  transferToTester,
  updateSampleEntryCs,
  type SampleListFilters,
} from '../services/sample-entries.ts';

// Client-side lab (spec section 7). The response schemas here are shared by the other bench routes.

const date = () => z.string().openapi({ format: 'date-time' });
const ratios = z.record(z.string(), z.number()).nullable();

export const sampleEntrySchema = z
  .object({
    id: z.number().int(),
    idflNumber: z.string(),
    bookingId: z.number().int().nullable(),
    bookingSampleTypeId: z.number().int().nullable(),
    sampleCode: z.string().nullable(),
    sampleType: z.string().nullable(),
    source: z.string().nullable(),
    localCode: z.string().nullable(),
    bnCode: z.string().nullable(),
    status: z.string().openapi({ enum: [...sampleStatuses] }),
    expectedConclusion: z.string().nullable(),
    sampleInformation: z.string().nullable(),
    isotopeMix: z.string().nullable(),
    isotopeColor: z.string().nullable(),
    countryCode: z.string().nullable(),
    identificationNotes: z.string().nullable(),
    unit: z.string().nullable(),
    initialWeight: z.number().nullable().openapi({ description: 'Grams' }),
    sentWeight: z.number().nullable().openapi({ description: 'Grams' }),
    remainingWeight: z.number().nullable().openapi({ description: 'Grams: initial − sent, computed by the server' }),
    storageArea: z.string().nullable(),
    shipmentNumber: z.string().nullable(),
    packageCode: z.string().nullable(),
    dispatchBatchId: z.number().int().nullable(),
    receivedDate: date().nullable(),
    receivedBy: z.string().nullable(),
    confirmDate: date().nullable(),
    analysisDate: date().nullable(),
    sampleReturnDate: date().nullable(),
    sentToTesterDate: date().nullable(),
    sentToTesterBy: z.number().int().nullable(),
    testerReceivedDate: date().nullable(),
    testerReceivedBy: z.number().int().nullable(),
    sentDate: date().nullable().openapi({ description: 'Sent to the third lab' }),
    sentBy: z.number().int().nullable(),
    smell: z.boolean(),
    dirty: z.boolean(),
    isPaid: z.boolean(),
    evaluationByRegionRatio: ratios,
    evaluationByMixRatio: ratios,
    note: z.string().nullable(),
    imageFileIds: z.array(z.string()),
    fromIdflInfo: z.string().nullable(),
    fromClientInfo: z.string().nullable(),
    conclusion: z.string().nullable(),
    predictedOrigin: z.string().nullable(),
    consistentWithPredictedOrigin: z.boolean().nullable(),
    consistentWithXinjiangOrigin: z.boolean().nullable(),
    finalResultConfirmedBy: z.number().int().nullable(),
    finalResultConfirmedAt: date().nullable(),
    version: z.number().int(),
    createdAt: date(),
    updatedAt: date(),
  })
  .openapi('SampleEntry');

export const thirdLabEntrySchema = z
  .object({
    id: z.number().int(),
    sampleEntryId: z.number().int(),
    labName: z.string(),
    sentDate: date().nullable(),
    receivedDate: date().nullable(),
    resultReturnedDate: date().nullable(),
    notes: z.string().nullable(),
    reportFileId: z.string().nullable(),
    reportFileUrl: z.string().nullable(),
    carbon: z.number().nullable(),
    hydrogen: z.number().nullable(),
    oxygen: z.number().nullable(),
    resultEnteredBy: z.number().int().nullable(),
    checkedInDate: date().nullable(),
    checkedInBy: z.number().int().nullable(),
    testTeamConfirmedDate: date().nullable(),
    testTeamConfirmedBy: z.number().int().nullable(),
    idflSentDate: date().nullable(),
    idflSentBy: z.number().int().nullable(),
    idflConfirmedDate: date().nullable(),
    idflConfirmedBy: z.number().int().nullable(),
    version: z.number().int(),
    createdAt: date(),
    updatedAt: date(),
  })
  .openapi('ThirdLabEntry');

export const timelineEventSchema = z
  .object({
    id: z.number().int(),
    at: date(),
    action: z.string(),
    fromStatus: z.string().nullable(),
    toStatus: z.string().nullable(),
    changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
    reason: z.string().nullable(),
    actorId: z.number().int().nullable(),
    actorName: z.string().nullable(),
  })
  .openapi('TimelineEvent');

export const sampleDetailSchema = sampleEntrySchema
  .extend({
    booking: z
      .object({
        id: z.number().int(),
        bookingNumber: z.string(),
        applicantCompany: z.string(),
        applicantContactPerson: z.string(),
        status: z.string(),
      })
      .nullable(),
    dispatchBatch: z
      .object({
        id: z.number().int(),
        packageCode: z.string(),
        packageName: z.string(),
        shippmentNumber: z.string(),
        status: z.string(),
      })
      .nullable(),
    thirdLabEntries: z.array(thirdLabEntrySchema),
    timeline: z.array(timelineEventSchema),
    availableActions: z
      .array(z.string().openapi({ enum: [...workflowActionNames] }))
      .openapi({ description: 'Workflow actions the signed-in user may fire on this sample now' }),
  })
  .openapi('SampleEntryDetail');

export const idQuery = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647).openapi({ description: 'Sample entry id' }),
});

export const idParam = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2_147_483_647)
    .openapi({ param: { name: 'id', in: 'path' } }),
});

/** A list's date filter (one rule for every list: responses.ts dateFilter). */
export const dateParam = dateFilter;

/** A list filter given as a comma-separated value or a repeated parameter. */
export const listParam = () => z.union([z.string().max(2000), z.array(z.string().max(200)).max(50)]).optional();

export function readList(value: string | string[] | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const items = (Array.isArray(value) ? value : [value])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  return items.length ? items : undefined;
}

export const csListFilters = {
  ...listQuery,
  IDFLNumber: z.string().trim().max(40).optional(),
  receivedFromDate: dateParam(),
  receivedToDate: dateParam(),
  receivedByUser: z.string().trim().max(200).optional(),
  sources: listParam(),
  status: listParam(),
  updatedSince: dateParam(),
};

export const testerListFilters = {
  ...csListFilters,
  sentToTesterByUser: z.string().trim().max(200).optional(),
  sentToTesterFromDate: dateParam(),
  sentToTesterToDate: dateParam(),
  sentToThirdLabFromDate: dateParam(),
  sentToThirdLabToDate: dateParam(),
  packageCode: z.string().trim().max(40).optional(),
};

type RawSampleFilters = Omit<SampleListFilters, 'sources' | 'status'> & {
  sources?: string | string[];
  status?: string | string[];
};

export function toSampleFilters(query: RawSampleFilters): SampleListFilters {
  return { ...query, sources: readList(query.sources), status: readList(query.status) };
}

export const samplePageSchema = pageOf(sampleEntrySchema);

const sampleAnswer = (description: string) => ({
  200: { description, content: { 'application/json': { schema: envelope(sampleEntrySchema) } } },
});

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
  responses: sampleAnswer('Updated'),
});

const listRouteDef = defineRoute({
  method: 'get',
  path: '/api/cs-lab/get-all',
  tags: ['Client-side lab'],
  summary: 'Sample entries with the client-side lab filters',
  access: ['CanViewAllSampleEntryCs'],
  request: { query: z.object(csListFilters) },
  responses: {
    200: { description: 'A page', content: { 'application/json': { schema: envelope(samplePageSchema) } } },
  },
});

const detailRouteDef = defineRoute({
  method: 'get',
  path: '/api/cs-lab/get-detail/{id}',
  tags: ['Client-side lab'],
  summary: 'A sample entry with its third-lab entries and chain-of-custody timeline',
  access: ['CanViewDetailSampleEntryCs'],
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
    'Confirm a booking (id = booking id: one CsConfirmed sample entry per sample type) or, with entry=sample, check in a New sample entry',
  access: ['CanCheckInSampleEntryCs'],
  request: {
    query: z.object({
      id: z.coerce.number().int().min(1).max(2_147_483_647),
      entry: z.enum(['booking', 'sample']).default('booking'),
    }),
    body: {
      content: { 'application/json': { schema: csCheckInSampleSchema.partial() } },
      required: false,
      description: 'Needed with entry=sample: receivedDate, receivedBy, initialWeight, unit',
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
  access: ['CanTransferSampleEntryToTester'],
  request: { query: idQuery },
  responses: sampleAnswer('Transferred'),
});

const destroyRouteDef = defineRoute({
  method: 'delete',
  path: '/api/cs-lab/destroy-order',
  tags: ['Client-side lab'],
  summary: 'Destroy an order (booking number) while none of its samples has left the client-side lab',
  access: ['CanDestroyOrderSample'],
  request: { query: z.object({ orderNumber: z.string().trim().min(1, 'Order number is required').max(40) }) },
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

export function registerCsLabRoutes(app: ReturnType<typeof createRouter>) {
  app.openapi(createRouteDef, async (c) => {
    const created = await createSampleEntry(c.var.db, { input: c.req.valid('json'), by: c.var.auth });
    return ok(c, created, `Sample ${created.idflNumber} has been created.`, 201);
  });

  app.openapi(updateRouteDef, async (c) => {
    const updated = await updateSampleEntryCs(c.var.db, {
      id: c.req.valid('query').id,
      input: c.req.valid('json'),
      by: c.var.auth,
    });
    return ok(c, updated, `Sample ${updated.idflNumber} has been updated.`);
  });

  app.openapi(listRouteDef, async (c) =>
    ok(c, await listSampleEntries(c.var.db, toSampleFilters(c.req.valid('query')))),
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
      return ok(c, sample, `Sample ${sample.idflNumber} has been checked in.`);
    }
    const confirmed = await confirmBooking(c.var.db, { bookingId: id, by: c.var.auth });
    return ok(c, confirmed, 'Booking confirmed successfully.');
  });

  app.openapi(transferRouteDef, async (c) => {
    const sample = await transferToTester(c.var.db, { id: c.req.valid('query').id, by: c.var.auth });
    return ok(c, sample, `Sample ${sample.idflNumber} has been successfully transferred.`);
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
