// Every message the API sends with an error, by code. The server answers
// { result: false, code, params, message } where `message` is the English template below filled with
// `params`; the app translates by `code` (locales/vi/server.json, same {{placeholders}}) and falls
// back to `message`. A test fails when a code has no Vietnamese text or the placeholders differ.

export const SERVER_MESSAGES = {
  // Input
  invalidInput: '{{detail}}',
  invalidField: '{{field}}: {{detail}}',
  badOrderBy: 'orderBy must be one of {{choices}}, optionally with :asc or :desc',
  badCursor: 'This cursor does not belong to this list in this order. Load the list again from its first page.',
  badDate: '{{field}} must be a date (YYYY-MM-DD) or an ISO date-time',
  routeNotFound: 'No route for {{method}} {{path}}.',
  bodyTooLarge: 'The request body is larger than {{size}}.',
  bodyTooDeep: 'The request body nests lists and objects deeper than {{depth}} levels.',
  textTooLong: '{{field}}: the text is longer than {{max}} characters.',
  textNotWellFormed: '{{field}}: the text contains a broken character. Please type or paste it again.',
  // Named by the operations contract: monitors and load balancers match this code.
  DATABASE_UNAVAILABLE: 'The database is unavailable. Please try again in a moment.',
  // Named by the operations contract too: one statement ran past the database's statement timeout.
  QUERY_TIMEOUT: 'The database took too long to answer this request. Please narrow the search or try again later.',
  shuttingDown: 'The server is restarting. Please try again in a moment.',
  idempotencyKeyTooLong: 'Idempotency-Key is too long (200 characters at most).',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request.',
  serverInternal: 'Server internal error!',

  // Sessions and permissions
  sessionExpired: 'Your session has expired.',
  signInToContinue: 'Sign in to continue.',
  forbidden: 'You do not have permission to do this.',
  wrongCredentials: 'Incorrect e-mail/username or password.',
  oldPasswordWrong: 'Failed to change password',
  resetLinkInvalid: 'This reset link is invalid or has expired.',
  clientLinkInvalid: 'This sign-in link is not valid. Ask for a new one on the My orders page.',
  clientLinkExpired: 'This sign-in link has expired. Ask for a new one on the My orders page.',
  clientLinkUsed: 'This sign-in link was already used. Ask for a new one on the My orders page.',
  clientSignInRequired: 'Open the sign-in link we mailed you to see your orders.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  clientNotesFull: 'This booking already holds {{max}} notes. Please write to the laboratory instead.',
  clientNotesTooFast: 'You have added {{max}} notes in the last hour. Please try again later.',
  tooManySignIns: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
  tooManyCertificateChecks: 'Too many certificate checks from your address. Please wait a minute and try again.',

  // Records that do not exist
  countryNotFound: 'Country not found.',
  roleNotFound: 'Role not found.',
  namedRoleNotFound: 'Role {{name}} not found.',
  accountNotFound: 'Account not found.',
  sampleNotFound: 'Sample entry not found.',
  bookingNotFound: 'Booking not found.',
  orderNotFound: 'Order {{orderNumber}} not found.',
  batchNotFound: 'Dispatch batch not found.',
  packageNotFound: 'Package {{packageCode}} not found.',
  fileNotFound: 'File not found',
  unknownCertificate:
    'No certificate has this code. Check that the address was copied in full, or contact the laboratory.',
  certificateHasNoPdf: 'This certificate has no PDF file.',

  // Stale writes: the record moved on since the editor read it
  staleCountry: 'This country was changed by someone else; review the current version and try again.',
  staleGuidelines: 'The guidelines were changed by someone else; review the current text and try again.',
  staleRole: 'This role was changed by someone else; review the current version and try again.',
  staleAccount: 'This account was changed by someone else; review the current version and try again.',
  staleSample: 'This sample entry was changed by someone else; review the current version and try again.',
  stalePackage: 'This package was changed by someone else; review the current version and try again.',
  staleResult: 'This result was changed by someone else; review the current version and try again.',

  // Countries, roles, accounts
  countryCodeTaken: 'A country with this code already exists',
  countryCodeInUse: 'The code {{code}} is used by {{count}} sample entries and cannot be changed.',
  countryProtected: 'Protected countries cannot be deleted.',
  countryHasAccounts: 'This country is assigned to {{count}} account(s); assign them another country first.',
  countryHasSamples: 'This country is used by {{count}} sample entries and cannot be deleted.',
  countryMissing: 'Country does not exist',
  roleNameTaken: 'A role with this name already exists',
  roleRequired: 'Role is required',
  lastRoleManager: 'This change would leave no active account able to manage roles.',
  usernameTaken: 'This username is already taken',
  emailTaken: 'This email is already used by another account',
  usernameOrEmailTaken: 'This username or email is already used by another account',
  cannotDeactivateSelf: 'You cannot deactivate your own account.',
  accountDeactivated: 'This account is deactivated; activate it first.',

  // Samples and the chain of custody
  sampleWrongState: 'Sample {{idflNumber}} is {{status}}; this action needs {{needed}}.',
  sampleAlreadyDone: 'Sample {{idflNumber}} is already {{status}}: this change was made elsewhere first.',
  theSampleWrongState: 'The sample is {{status}}; this action needs {{needed}}.',
  sampleHeldOnReceipt:
    "Sample {{idflNumber}} arrived damaged or insufficient and is on hold until Customer Service records the client's decision.",
  sampleNotHeldOnReceipt: 'Sample {{idflNumber}} is not on hold on receipt; there is no decision to record.',
  receiptInFuture: 'The received date cannot be later than today.',
  receiptBeforeBooking: 'The received date cannot be before booking {{bookingNumber}} was made.',
  sentWeightTooLarge: 'Sent weight cannot exceed the initial weight',
  fileWrongKind: 'The file must be a {{kind}}',
  idflNumberTaken: 'IDFL number {{idflNumber}} already exists.',
  orderAlreadyCancelled: 'Order {{orderNumber}} is already cancelled.',
  orderCannotBeDestroyed:
    'Order {{orderNumber}} cannot be destroyed: sample {{idflNumber}} is {{status}}; every sample must be new or confirmed by CS.',
  bookingWrongStateConfirm: 'Booking {{bookingNumber}} is {{status}}; only an unconfirmed booking can be confirmed.',
  bookingWrongStateCancel: 'Booking {{bookingNumber}} is {{status}}; only an unconfirmed booking can be cancelled.',
  bookingChangedMeanwhile: 'Booking {{bookingNumber}} changed meanwhile; please reload it.',
  attachmentsMissing: 'Some attachments were not found; please upload them again.',
  noConclusion: 'Sample {{idflNumber}} has no conclusion; record a conclusion before confirming the final result.',
  noOriginAnalysis:
    'Sample {{idflNumber}} cannot be confirmed yet: save an origin analysis to it, or record the reason the laboratory confirms without one or departs from it.',
  fourEyes: 'Four eyes: you entered this result, so someone else must confirm the final result.',
  noIsotopeValues: 'Sample {{idflNumber}} has no carbon, hydrogen and oxygen values to transfer.',
  noSampleType: 'Sample {{idflNumber}} has no sample type (material) to file the data under.',
  alreadyInCleanData:
    'The data of sample {{idflNumber}} is already in the clean data set; send sameId=true to replace it.',
  isotopesRequired: 'Carbon, Hydrogen, Oxygen is required',
  noThirdLabEntry: 'Sample {{idflNumber}} has no third-lab entry.',
  quickFillCodeWrong: 'The code is incorrect or has expired.',

  // Packages
  packageNotDraftToChange: 'Package {{packageCode}} has already been sent; only a package not yet sent can be changed.',
  packageNotDraftToSend: 'Package {{packageCode}} has already been sent.',
  packageNotSent: 'Package {{packageCode}} is {{status}}; only a sent package can be undone.',
  packageEmpty: 'Package {{packageCode}} has no samples; add samples before sending it.',
  packageCodeTaken: 'Package code {{packageCode}} already exists.',
  sampleAlreadyInPackage: 'Sample {{idflNumber}} is already in package {{packageCode}}.',
  sampleNotInPackage: 'Sample {{idflNumber}} is not in package {{packageCode}}.',

  // Certificates and labels
  completedWithoutCertificate: 'Sample {{idflNumber}} is Completed but has no certificate to re-issue.',
  certificateNotValid: 'The certificate of sample {{idflNumber}} is already {{status}}.',
  noCertificateToRevoke: 'Sample {{idflNumber}} has no certificate to revoke.',
  reissueReasonRequired: 'Please enter the reason for re-issuing the certificate.',
  noReportAddress: 'Sample {{idflNumber}} has no booking with an e-mail address to send its certificate to.',
  certificateVersionMoved:
    'The certificate of sample {{idflNumber}} is now at version {{version}}; open the sample again to see it before re-issuing.',
  bookingHasNoSamples: 'Booking {{bookingNumber}} has no sample entries yet; check the booking in first.',
  batchHasNoSamples: 'Dispatch batch {{packageCode}} holds no samples.',

  // Uploads
  fileTooLarge: '{{name}} is larger than {{mib}} MiB.',
  fileEmpty: '{{name}} is empty.',
  imageTypeRefused: '{{name}}: Only JPEG, PNG, WebP or GIF images are accepted.',
  pdfTypeRefused: '{{name}}: Only PDF files are accepted.',
  attachmentTypeRefused: '{{name}}: Only images (JPEG, PNG, WebP, GIF) or PDF files are accepted.',
  uploadTooLarge: 'The upload is larger than {{mib}} MiB in total.',
  tooManyImages: 'At most {{count}} images can be uploaded at once.',
  tooManyAttachments: 'At most {{count}} files can be attached.',
  attachmentsTooLarge: 'At most {{count}} files of 10 MiB each can be sent at once.',
  chooseFile: 'Please choose at least one file.',

  // Analysis, clean isotope data, notifications, statistics, security
  requestHasNul: 'The request must not contain NUL characters.',
  notSyncable: 'Only bench changes can be sent through the outbox.',
  attachmentQuota: 'At most {{mib}} MiB of attachments can be uploaded per hour. Please try again later.',
  pushEndpointNotHttps: 'Endpoint must be an https URL.',
  pushEndpointNotPublic: 'Endpoint must be a push service on the internet, not an address inside a network.',
  pushSubscriptionNotFound: 'Push subscription not found.',
  notificationNotFound: 'Notification {{id}} not found.',
  periodEndsBeforeStart: 'The end of the period must come after its start.',
  periodTooLong: 'The period can span at most ten years.',
  mappingNotJson: 'The column mapping is not valid JSON.',
  mappingInvalid: 'The column mapping is not valid.',
  mappingDoesNotFit: 'The column mapping does not fit the file.',
  fileNotCsvOrXlsx: 'The file is neither CSV nor XLSX.',
  xlsxUnreadable: 'The XLSX file cannot be read.',
  importFileEmpty: 'The file has no rows to import.',
  importTooManyRows: 'A file may hold at most {{max}} rows.',
  importTooManyColumns: 'A file may hold at most {{max}} columns.',
  importCellTooLong: 'A cell may hold at most {{max}} characters.',
  importSheetTooLarge:
    'The sheet declares its size as {{range}}; a file may hold at most {{rows}} rows and {{columns}} columns.',
  xlsxTooManyParts: 'The XLSX file holds more than {{max}} parts; no spreadsheet does.',
  xlsxUnpacksTooLarge: 'The XLSX file unpacks to more than {{mib}} MiB; split it into smaller files.',
  xlsxPackedTooTightly: 'A part of the XLSX file unpacks to more than {{ratio}} times its size; no spreadsheet does.',
  importTooSlow: 'Reading the file took longer than {{seconds}} seconds; split it into smaller files.',
  importNeedsTooMuchMemory: 'Reading the file needs more than {{mib}} MiB of memory; split it into smaller files.',
  importsBusy: '{{count}} files are being imported already; please try again in a moment.',
  pdfTooSlow:
    'Drawing this PDF took longer than {{seconds}} seconds and was stopped; shorten the longest texts of the record, or try again when the server is less busy.',
  pdfNeedsTooMuchMemory:
    'Drawing this PDF needs more than {{mib}} MiB of memory and was stopped; shorten the longest texts of the record.',
  pdfsBusy: '{{count}} PDFs are waiting to be drawn already; please try again in a moment.',
  importNoSampleCode: 'The file has no sample code column; map one.',
  importNoMaterial: 'The file has no material column; choose the material.',
  importRowsInvalid: '{{count}} row(s) cannot be imported; nothing was changed.',
  noReferenceData: 'There are no clean isotope records of {{material}}; import reference data first.',
  notEnoughReferences: 'No region of {{material}} has enough reference records to learn from.',
  regionUnknown: 'This reference set has no records of the region {{region}}.',
  lotClaimsDiffer: 'The samples of lot {{lot}} claim different origins; one lot has one claimed origin.',
  idflNumberUnknown: 'No sample entry has the IDFL number {{idflNumber}}.',
  analysisNeedsIsotopeValues: 'Enter at least one isotope value for every sample.',
  analysisNotFound: 'Analysis not found.',
  analysisHasNoResult: 'This analysis has no result to save.',
  analysisNotSatisfied: 'Only a satisfied analysis can be transferred to the clean data set; mark it Satisfied first.',
  transferNeedsOrigin: 'Say which region or country the sample comes from.',
  // Reference materials and measurement runs
  referenceMaterialNotFound: 'Reference material not found.',
  referenceValueWrongScale: '{{element}} values are on the {{scale}} scale.',
  referenceMaterialNameInvalid: "A reference material's name needs letters or digits.",
  referenceMaterialNameTaken: '{{name}} already names the reference material {{holder}}.',
  referenceMaterialNameRepeated: '{{name}} is given twice.',
  referenceValueExists:
    '{{name}} already has a {{element}} value valid from {{validFrom}}; add the new version with another date.',
  measurementRunNotFound: 'Measurement run not found.',
  runPackageNotFound: 'No package has the id {{id}}.',
  runFileNoIdentifier: 'The file has no identifier column (Identifier 1, Identifier or Sample).',
  runFileNoDeltas: 'The file has no delta column (d 13C/12C, d 15N/14N, d 2H/1H, d 18O/16O or d 34S/32S).',
  runFileEmpty: 'The file has no analyses.',
  runFileBadNumber: 'Row {{row}}: "{{value}}" in {{column}} is not a number.',
  runMethodNotJson: '{{field}} must be JSON: {{detail}}',
  runReferenceUnknown: 'No reference material is named {{name}}.',
  runReferenceHasNoValue: '{{name}} has no {{element}} value in force to anchor with.',
  runTooFewAnchors:
    'The {{element}} values need at least two anchor reference materials measured in the run; it has {{count}}. Nothing was imported.',
  runAnchorsNotDistinct:
    'The {{element}} anchors read alike in this run, so they cannot set a scale. Nothing was imported.',
  runAnalysisNotFound: 'The run has no analysis {{analysis}}.',
  runAssignOne: 'Assign the row to one sample or one reference material.',
  runResultNoThirdLabEntry: 'Sample {{idflNumber}} has no third-lab entry; its values are kept with the run only.',
  runResultNotEditable:
    'Sample {{idflNumber}} is {{status}}; its result is not changed, the values are kept with the run for review.',
  runResultUnchanged: "Sample {{idflNumber}}'s result already holds these values.",
  cleanSampleCodeTaken:
    'The clean data set already holds sample code {{sampleCode}} of {{material}}; it cannot be filed twice.',
  // Quality control of measurement runs
  qcHold:
    'Sample {{idflNumber}} is held by quality control: run {{run}} was rejected ({{rules}}). A supervisor must release non-conformity {{nonconformity}} first.',
  nonconformityNotFound: 'Non-conformity not found.',
  nonconformityReleased: 'Non-conformity {{nonconformity}} is already released.',
  qcReleaseByImporter: 'You imported this run, so another supervisor must release its non-conformity.',
  qcReleaseByEntrant: 'You entered this proficiency round, so another supervisor must release its non-conformity.',
  qcReleasePasswordWrong: 'The password is not correct; the non-conformity was not released.',
} as const;

export type ServerMessageCode = keyof typeof SERVER_MESSAGES;

/** Values for the placeholders; a list (the states an action needs) reads "A, B or C". */
export type ServerMessageParams = Record<string, string | number | readonly string[]>;

/** 'A', 'A or B', 'A, B or C': how the English messages name alternatives. */
export function orList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/** The {{name}} placeholders a template uses, sorted (the Vietnamese text must use the same). */
export function placeholdersOf(template: string): string[] {
  return [...new Set([...template.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!))].sort();
}

/** Fills a template's {{placeholders}}; a missing value leaves the placeholder visible. */
export function fillTemplate(template: string, params: ServerMessageParams = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? formatValue(params[name]!) : whole,
  );
}

const formatValue = (value: string | number | readonly string[]) =>
  typeof value === 'object' ? orList(value) : String(value);

export function serverMessage(code: ServerMessageCode, params?: ServerMessageParams): string {
  return fillTemplate(SERVER_MESSAGES[code], params);
}
