import { z } from 'zod';
import { visibleText } from '../visible-text.ts';
import { recordVersion } from './version.ts';
import { receiptDecisions, receivedConditions, sampleStatuses } from '../workflow/sample-workflow.ts';

// Sample forms shared by the server and the app: one set of rules and messages.

const text = (max = 500) => z.string().trim().max(max);

/** A field that may be left out of a change, but when sent must not be blank. */
const requiredText = (message: string, max = 500) => visibleText(message).max(max, `At most ${max} characters`);

export const isoDate = (message: string) => visibleText(message).max(40).refine(isReasonableDate, 'Enter a valid date');

/** A parseable date within the years a laboratory record can carry (the database refuses far extremes). */
export function isReasonableDate(value: string): boolean {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return false;
  const year = new Date(time).getUTCFullYear();
  return year >= 1900 && year <= 9999;
}

/** Grams. */
export const weight = (message = 'Weight is required') =>
  z.number({ error: message }).min(0, 'Weight cannot be negative').max(10_000_000, 'Weight is too large');

export const SENT_WEIGHT_TOO_LARGE = 'Sent weight cannot exceed the initial weight';

const fileIds = z.array(z.string().uuid('Unknown file')).max(50);

/** Fields a client-side lab form may fill, beyond the required identity. */
const csOptionalFields = {
  localCode: text(100).nullish(),
  bnCode: text(100).nullish(),
  expectedConclusion: text(2000).nullish(),
  sampleInformation: text(2000).nullish(),
  isotopeMix: text(200).nullish(),
  isotopeColor: text(100).nullish(),
  countryCode: text(3).nullish(),
  identificationNotes: text(2000).nullish(),
  unit: text(40).nullish(),
  initialWeight: weight().nullish(),
  sentWeight: weight().nullish(),
  storageArea: text(200).nullish(),
  note: text(4000).nullish(),
  fromIdflInfo: text(2000).nullish(),
  isPaid: z.boolean().optional(),
  smell: z.boolean().optional(),
  dirty: z.boolean().optional(),
  imageFileIds: fileIds.optional(),
};

export const RECEIVED_CONDITION_MESSAGE = 'Choose the condition on receipt: intact, damaged or insufficient';

/** Create sample (client-side lab). The IDFL number is generated unless given. */
export const csCreateSampleSchema = z.object({
  idflNumber: text(40).optional(),
  sampleType: requiredText('Sample type is required', 200),
  sampleCode: requiredText('Sample code is required', 100),
  source: requiredText('Source is required', 200),
  fromClientInfo: requiredText('Client info is required', 2000),
  receivedDate: isoDate('Received date is required').nullish(),
  receivedBy: text(200).nullish(),
  ...csOptionalFields,
});
export type CsSampleForm = z.infer<typeof csCreateSampleSchema>;

/**
 * Edit sample (client-side lab): any subset of the form; sent fields keep their rules. The receipt
 * recorded at check-in (condition and note) can be corrected here too.
 */
export const csUpdateSampleSchema = csCreateSampleSchema
  .omit({ idflNumber: true })
  .partial()
  .extend({
    receivedCondition: z.enum(receivedConditions, { error: RECEIVED_CONDITION_MESSAGE }).optional(),
    receiptNote: z.string().trim().max(2000).nullish(),
    version: recordVersion,
  });
export type CsUpdateSample = z.infer<typeof csUpdateSampleSchema>;

/**
 * Confirm received (client-side lab check-in of a New sample): the actual receipt. The condition
 * on receipt is Intact unless said otherwise (a bench that queued a check-in before it was asked
 * for still sends a valid one); the form always asks.
 */
export const csCheckInSampleSchema = z.object({
  receivedDate: isoDate('Received date is required'),
  receivedBy: requiredText('Received by is required', 200),
  initialWeight: weight('Weight is required'),
  unit: text(40).optional(),
  receivedCondition: z.enum(receivedConditions, { error: RECEIVED_CONDITION_MESSAGE }).default('intact'),
  receiptNote: text(2000).nullish(),
});
export type CsCheckInSample = z.infer<typeof csCheckInSampleSchema>;

export const RECEIPT_DECISION_MESSAGE =
  "Choose the client's decision: test as received, send a replacement or return the sample";

/** The client's decision about a sample held on receipt (damaged or insufficient), as CS records it. */
export const receiptDecisionSchema = z.object({
  decision: z.enum(receiptDecisions, { error: RECEIPT_DECISION_MESSAGE }),
  note: text(2000).nullish(),
});
export type ReceiptDecisionInput = z.infer<typeof receiptDecisionSchema>;

/** Update sample (tester lab): the full form as the app shows it. */
export const testerSampleFormSchema = z.object({
  sampleInformation: requiredText('Sample information is required', 2000),
  isotopeMix: requiredText('Isotopemix is required', 200),
  isotopeColor: text(100).nullish(),
  countryCode: requiredText('Country is required', 3),
  identificationNotes: requiredText('Identification is required', 2000),
  unit: requiredText('Unit is required', 40),
  initialWeight: weight('Weight is required'),
  sentWeight: weight('Weight is required').nullish(),
  storageArea: text(200).nullish(),
  smell: z.boolean().optional(),
  dirty: z.boolean().optional(),
  note: text(4000).nullish(),
  imageFileIds: fileIds.optional(),
  expectedConclusion: requiredText('Expected conclusion is required', 2000),
  localCode: requiredText('Local code is required', 100),
  bnCode: text(100).nullish(),
});
export type TesterSampleForm = z.infer<typeof testerSampleFormSchema>;

/** The server takes any subset of the tester form (offline benches send what changed). */
export const testerUpdateSampleSchema = testerSampleFormSchema.partial().extend({ version: recordVersion });
export type TesterUpdateSample = z.infer<typeof testerUpdateSampleSchema>;

export const sampleStatusSchema = z.enum(sampleStatuses, { error: 'Status is required' });
