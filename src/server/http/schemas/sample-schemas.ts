import { z } from '@hono/zod-openapi';
import { measuredElements } from '../../../shared/measurement/measurement.ts';
import {
  receiptDecisions,
  receivedConditions,
  sampleStatuses,
  workflowActionNames,
} from '../../../shared/workflow/sample-workflow.ts';
import type { SampleListFilters } from '../../services/samples/sample-lists.ts';
import { dateParam, listParam, readList } from '../params.ts';
import { editEnvelope, envelope, keysetPageOf, keysetQuery, listQuery } from '../responses.ts';

// The sample entry as every bench's routes answer it (cs-lab, tester-lab, supervisor-lab, third-lab,
// custody), and the bench lists' shared filters.

const date = () => z.string().openapi({ format: 'date-time' });
const ratios = z.record(z.string(), z.number()).nullable();

export const sampleEntrySchema = z
  .object({
    id: z.number().int(),
    idflNumber: z.string(),
    bookingId: z.number().int().nullable(),
    rushService: z
      .boolean()
      .optional()
      .openapi({ description: "The sample's booking asked for rush service (in the bench lists' rows)" }),
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
    receivedCondition: z
      .enum(receivedConditions)
      .nullable()
      .openapi({ description: 'The condition on receipt, recorded at check-in; null until received' }),
    receiptNote: z.string().nullable(),
    receiptDecision: z.enum(receiptDecisions).nullable().openapi({
      description:
        "The client's decision about a sample received damaged or insufficient, recorded by Customer Service; until it is testAsReceived such a sample is held on receipt",
    }),
    receiptDecisionNote: z.string().nullable(),
    receiptDecisionAt: date().nullable(),
    receiptDecisionBy: z.number().int().nullable(),
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
    originReason: z
      .string()
      .nullable()
      .openapi({ description: 'Why the origin conclusion stands without, or departs from, the saved origin analysis' }),
    consistentWithPredictedOrigin: z.boolean().nullable(),
    consistentWithXinjiangOrigin: z.boolean().nullable(),
    finalResultConfirmedBy: z.number().int().nullable(),
    finalResultConfirmedAt: date().nullable(),
    version: z.number().int(),
    createdAt: date(),
    updatedAt: date(),
    certificateRevoked: z.boolean().optional().openapi({
      description: 'Its certificate in force is revoked (a Completed sample then reads "Certificate revoked")',
    }),
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
    nitrogen: z.number().nullable().openapi({ description: 'δ15N ‰ AIR, when measured' }),
    sulfur: z.number().nullable().openapi({ description: 'δ34S ‰ VCDT, when measured' }),
    carbonUncertainty: z.number().nullable().openapi({ description: 'Expanded uncertainty of carbon, ± ‰' }),
    hydrogenUncertainty: z.number().nullable().openapi({ description: 'Expanded uncertainty of hydrogen, ± ‰' }),
    oxygenUncertainty: z.number().nullable().openapi({ description: 'Expanded uncertainty of oxygen, ± ‰' }),
    nitrogenUncertainty: z.number().nullable().openapi({ description: 'Expanded uncertainty of nitrogen, ± ‰' }),
    sulfurUncertainty: z.number().nullable().openapi({ description: 'Expanded uncertainty of sulfur, ± ‰' }),
    measurementRuns: z
      .partialRecord(z.enum(measuredElements), z.number().int())
      .nullable()
      .openapi({ description: 'Per element, the measurement run its value came from (none when typed by hand)' }),
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

/** What a custody record's changes name, resolved: the keys are the values as recorded (ids, codes). */
const custodyReferencesSchema = z
  .object({
    persons: z.record(z.string(), z.object({ name: z.string(), role: z.string().nullable() })),
    packages: z.record(z.string(), z.object({ packageCode: z.string() })),
    files: z.record(z.string(), z.object({ name: z.string(), url: z.string() })),
    countries: z.record(z.string(), z.object({ name: z.string() })),
    cleanRecords: z.record(z.string(), z.object({ sampleCode: z.string() })),
  })
  .openapi('CustodyReferences', {
    description:
      'Every person (account id), package (dispatch batch id), file (id), country (code) and clean isotope record (id) the changes name, by what a reader knows it',
  });

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
    actorName: z.string().nullable().openapi({ description: 'The name as recorded when the record was written' }),
    actor: z
      .object({ name: z.string(), role: z.string().nullable() })
      .nullable()
      .openapi({ description: 'Who acted: the name as recorded and the role their account holds' }),
    hash: z.string().openapi({ description: 'SHA-256 of this record, chained to the one before' }),
    references: custodyReferencesSchema,
  })
  .openapi('TimelineEvent');

export const sampleDetailSchema = sampleEntrySchema
  .extend({
    booking: z
      .object({
        id: z.number().int(),
        bookingNumber: z.string(),
        rushService: z.boolean(),
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

export const csListFilters = {
  ...listQuery,
  ...keysetQuery,
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

type RawSampleFilters = Omit<SampleListFilters, 'sources' | 'status' | 'timeZone'> & {
  sources?: string | string[];
  status?: string | string[];
};

/** The query as the service reads it: lists split, date bounds in the laboratory's time zone. */
export function toSampleFilters(query: RawSampleFilters, timeZone: string): SampleListFilters {
  return { ...query, sources: readList(query.sources), status: readList(query.status), timeZone };
}

export const samplePageSchema = keysetPageOf(sampleEntrySchema);

/** A bench call's answer: the sample entry as it is now. */
export const sampleAnswer = (description: string) => ({
  200: { description, content: { 'application/json': { schema: envelope(sampleEntrySchema) } } },
});

/** An edit's answer: the sample, and `unchanged` when the save changed nothing. */
export const sampleEditAnswer = (description: string) => ({
  200: { description, content: { 'application/json': { schema: editEnvelope(sampleEntrySchema) } } },
});
