import { certificateStatuses } from '../certificate.ts';
import { ATYPICAL_PREDICTION } from '../origin-prediction.ts';
import { receiptDecisions } from './sample-workflow.ts';

// The chain of custody's words: every action the audit trail records of a sample, and every field
// its changes name, each with its label (locales/<lang>/custody.json) and the kind of value it holds,
// so that the screen, the printed report detail and the custody PDF and CSV all read a record the
// same way (custody-format.ts). The server resolves the references a reader cannot (a person's id,
// a package's id, a file's id, a country's code) by the same kinds (services/custody/custody.ts).
// tests/shared/custody-catalogue.test.ts fails when an audited field or action has no entry here.

/** How a field's values are read and shown. */
export type CustodyValueKind =
  | 'text'
  | 'number'
  /** Grams. */
  | 'weight'
  /** An isotope value, δ per mil. */
  | 'delta'
  /** An isotope value's expanded uncertainty, ± per mil. */
  | 'uncertainty'
  | 'boolean'
  /** A calendar date. */
  | 'date'
  /** A moment: date and time. */
  | 'dateTime'
  /** A staff member: an account id (or, in older records, the name as typed). */
  | 'person'
  /** A role by its stored name (the third lab's entry names its laboratory so): shown by its label. */
  | 'role'
  /** A dispatch batch (package) by its id: shown by its package code. */
  | 'package'
  /** A stored file by its id: its name, with a link. */
  | 'file'
  /** A list of stored files. */
  | 'files'
  /** Percentages by region (or by the mix's regions): "Central Highlands 85 %". */
  | 'ratioMap'
  /** A sample status, named as the benches name it. */
  | 'status'
  /** A country by its code: shown by name. */
  | 'country'
  /** One of a fixed set of values, each with its own words (`value.<field>.<value>`). */
  | 'choice'
  /** A clean isotope reference record by its id: shown by its sample code. */
  | 'cleanRecord'
  /** Third-lab entries withdrawn with an undone transaction: each by its dates and results. */
  | 'thirdLabEntries';

export type CustodyField = {
  kind: CustodyValueKind;
  /** For a `choice`: the values it may hold (each has `custody:value.<field>.<value>`). */
  choices?: readonly string[];
};

/** The label of a field, an action or a choice's value. */
export const fieldLabelKey = (field: string) => `custody:field.${field}`;
export const actionLabelKey = (action: string) => `custody:action.${action}`;
export const choiceLabelKey = (field: string, value: string) => `custody:value.${field}.${value}`;

/** The condition a sample arrives in, recorded at receipt. */
const receivedConditions = ['intact', 'damaged', 'insufficient'] as const;

/**
 * Every field a sample's audit records name: the sample entry's own columns, the third-lab entry's
 * (the result it records), and the fields the chain of custody names of its own (an order's number,
 * a certificate's version).
 */
export const custodyFields = {
  // The sample entry
  idflNumber: { kind: 'text' },
  sampleCode: { kind: 'text' },
  sampleType: { kind: 'text' },
  source: { kind: 'text' },
  localCode: { kind: 'text' },
  bnCode: { kind: 'text' },
  status: { kind: 'status' },
  expectedConclusion: { kind: 'text' },
  sampleInformation: { kind: 'text' },
  isotopeMix: { kind: 'text' },
  isotopeColor: { kind: 'text' },
  countryCode: { kind: 'country' },
  identificationNotes: { kind: 'text' },
  unit: { kind: 'text' },
  initialWeight: { kind: 'weight' },
  sentWeight: { kind: 'weight' },
  remainingWeight: { kind: 'weight' },
  storageArea: { kind: 'text' },
  shipmentNumber: { kind: 'text' },
  packageCode: { kind: 'text' },
  dispatchBatchId: { kind: 'package' },
  receivedDate: { kind: 'dateTime' },
  receivedBy: { kind: 'person' },
  confirmDate: { kind: 'dateTime' },
  analysisDate: { kind: 'dateTime' },
  sampleReturnDate: { kind: 'dateTime' },
  sentToTesterDate: { kind: 'dateTime' },
  sentToTesterBy: { kind: 'person' },
  testerReceivedDate: { kind: 'dateTime' },
  testerReceivedBy: { kind: 'person' },
  sentDate: { kind: 'dateTime' },
  sentBy: { kind: 'person' },
  smell: { kind: 'boolean' },
  dirty: { kind: 'boolean' },
  isPaid: { kind: 'boolean' },
  evaluationByRegionRatio: { kind: 'ratioMap' },
  evaluationByMixRatio: { kind: 'ratioMap' },
  note: { kind: 'text' },
  imageFileIds: { kind: 'files' },
  fromIdflInfo: { kind: 'text' },
  fromClientInfo: { kind: 'text' },
  conclusion: { kind: 'text' },
  originReason: { kind: 'text' },
  predictedOrigin: { kind: 'choice', choices: [ATYPICAL_PREDICTION] },
  consistentWithPredictedOrigin: { kind: 'boolean' },
  consistentWithXinjiangOrigin: { kind: 'boolean' },
  finalResultConfirmedBy: { kind: 'person' },
  finalResultConfirmedAt: { kind: 'dateTime' },
  // Receipt as its own check-in step: when and by whom the sample really arrived, and how.
  receivedAt: { kind: 'dateTime' },
  receivedCondition: { kind: 'choice', choices: receivedConditions },
  receiptNote: { kind: 'text' },
  // The client's decision about a sample held on receipt (damaged or insufficient).
  receiptDecision: { kind: 'choice', choices: receiptDecisions },
  receiptDecisionNote: { kind: 'text' },
  receiptDecisionAt: { kind: 'dateTime' },
  receiptDecisionBy: { kind: 'person' },

  // The third-lab entry: the result the third lab records (action updateResult)
  labName: { kind: 'role' },
  resultReturnedDate: { kind: 'dateTime' },
  notes: { kind: 'text' },
  reportFileId: { kind: 'file' },
  carbon: { kind: 'delta' },
  hydrogen: { kind: 'delta' },
  oxygen: { kind: 'delta' },
  nitrogen: { kind: 'delta' },
  sulfur: { kind: 'delta' },
  carbonUncertainty: { kind: 'uncertainty' },
  hydrogenUncertainty: { kind: 'uncertainty' },
  oxygenUncertainty: { kind: 'uncertainty' },
  nitrogenUncertainty: { kind: 'uncertainty' },
  sulfurUncertainty: { kind: 'uncertainty' },
  resultEnteredBy: { kind: 'person' },
  checkedInDate: { kind: 'dateTime' },
  checkedInBy: { kind: 'person' },
  testTeamConfirmedDate: { kind: 'dateTime' },
  testTeamConfirmedBy: { kind: 'person' },
  idflSentDate: { kind: 'dateTime' },
  idflSentBy: { kind: 'person' },
  idflConfirmedDate: { kind: 'dateTime' },
  idflConfirmedBy: { kind: 'person' },

  // Named by the chain of custody itself
  bookingNumber: { kind: 'text' },
  certificateVersion: { kind: 'number' },
  certificateStatus: { kind: 'choice', choices: certificateStatuses },
  cleanIsotopeRecordId: { kind: 'cleanRecord' },
  thirdLabEntries: { kind: 'thirdLabEntries' },
  // Quality control: the non-conformity that holds the sample, and whether it holds or was released.
  nonconformityId: { kind: 'number' },
  qcHold: { kind: 'choice', choices: ['held', 'released'] },
} as const satisfies Record<string, CustodyField>;

type CustodyFieldName = keyof typeof custodyFields;

/**
 * Columns the chain of custody never names, and why: the test holds every other column of the
 * sample entry and the third-lab entry to a label.
 */
export const columnsNotAudited: Record<string, string> = {
  id: 'The record itself: the audit record names it as the entity',
  sampleEntryId: 'The sample the third-lab entry belongs to: the timeline is that sample’s',
  bookingId: 'The order is recorded by its number (bookingNumber) when the sample is created from it',
  bookingSampleTypeId: 'The order line the sample came from: its sample type is recorded instead',
  version: 'The optimistic-locking counter: raised by every change, it tells nothing of its own',
  createdAt: 'The audit record’s own time says when the record was created',
  updatedAt: 'The audit record’s own time says when the record changed',
  statusChangedAt: 'Kept by a trigger from the status change the audit record holds with its time',
  measurementRuns: 'The run a value came from is named in the reason of the audit record that wrote it (measuredInRun)',
};

/**
 * Every action the audit trail records of a sample entry. The workflow's transitions and edits
 * (shared/workflow/sample-workflow.ts) are among them; the test holds both tables to this list.
 */
export const custodyActions = [
  // Created
  'create',
  // The workflow's transitions
  'csCheckIn',
  // A held sample's return to New when the client sends a replacement (the decision in its changes).
  'awaitReplacement',
  'transferToTester',
  'testerCheckIn',
  'undoTester',
  'sendToThirdLab',
  'thirdLabCheckIn',
  'returnResult',
  'undoThirdLabTransaction',
  'undoReturnResult',
  'confirmFinalResult',
  'issueCertificate',
  // The client's decision about a sample held on receipt
  'receiptDecision',
  // Edits of a sample's data
  'update',
  'csUpdate',
  'testerUpdate',
  'addToDispatchBatch',
  'removeFromDispatchBatch',
  'thirdLabResult',
  'updateResult',
  'measurementRun',
  'qcHold',
  'qcRelease',
  'supervisorConclusion',
  'updateConclusion',
  'saveOriginAnalysis',
  'transferIdflData',
  'withdrawThirdLabEntry',
  'reissueCertificate',
  'revokeCertificate',
  'destroy',
] as const;

/**
 * Reasons the server writes itself (English, as the hash chain keeps them): the log shows each in
 * the reader's language, with what it names. Any other reason is a person's own words, shown as typed.
 */
export const systemReasons: readonly { pattern: RegExp; key: string; params: readonly string[] }[] = [
  { pattern: /^Created from booking (.+)$/, key: 'createdFromBooking', params: ['bookingNumber'] },
  { pattern: /^Undone by tester lab$/, key: 'undoneByTester', params: [] },
  { pattern: /^Returned result sent back to the third lab$/, key: 'resultSentBack', params: [] },
  { pattern: /^Destroyed by client-side lab$/, key: 'destroyedByCs', params: [] },
  { pattern: /^Certificate( \d+)? issued$/, key: 'certificateIssued', params: [] },
  { pattern: /^Origin analysis #(\d+)$/, key: 'originAnalysis', params: ['number'] },
  { pattern: /^Measured in run (\d+)$/, key: 'measuredInRun', params: ['run'] },
  { pattern: /^Measured in run (\d+), revision (\d+)$/, key: 'measuredInRunRevision', params: ['run', 'revision'] },
  {
    pattern: /^Held by non-conformity (\d+): run (\d+) rejected \((.+)\)$/,
    key: 'qcHeld',
    params: ['nonconformity', 'run', 'rules'],
  },
  {
    pattern: /^Released from non-conformity (\d+): ([\s\S]*)$/,
    key: 'qcReleased',
    params: ['nonconformity', 'justification'],
  },
  {
    pattern: /^Certificate version (\d+) replaces version (\d+)$/,
    key: 'certificateReplaces',
    params: ['version', 'previous'],
  },
  {
    pattern: /^Certificate version (\d+) revoked: ([\s\S]*)$/,
    key: 'certificateRevoked',
    params: ['version', 'reason'],
  },
];

function isCatalogued(field: string): field is CustodyFieldName {
  return Object.hasOwn(custodyFields, field);
}

/** The kind of a field's values; a field not (yet) in the catalogue is read by what it holds. */
export function kindOf(field: string): CustodyValueKind | undefined {
  return isCatalogued(field) ? custodyFields[field].kind : undefined;
}

/**
 * A readable label for a field the catalogue does not know yet (a column added later): its name
 * split into words, in sentence case ("sampleReturnDate" → "Sample return date"), never the code.
 */
export function readableName(code: string): string {
  const words = code
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word, index) =>
      /^[A-Z\d]+$/.test(word) && word.length > 1 ? word : index === 0 ? word : word.toLowerCase(),
    );
  if (words.length === 0) return code;
  const [first, ...rest] = words;
  return [first!.charAt(0).toUpperCase() + first!.slice(1), ...rest].join(' ');
}
