import type { NotificationKind } from './notification-kinds.ts';
import type { Permission } from '../permissions.ts';

// The sample entry's state machine. Pure: the server judges every transition
// with it and the app uses the same table to offer only the actions a user can take now.

export const sampleStatuses = [
  'New',
  'CsConfirmed',
  'SentToTester',
  'TesterConfirmed',
  'SentToThirdLab',
  'ThirdLabConfirmed',
  'ResultReturned',
  'ResultConfirmed',
  'Completed',
] as const;

export type SampleStatus = (typeof sampleStatuses)[number];

/** A sample's condition on receipt, recorded at the client-side lab's check-in. */
export const receivedConditions = ['intact', 'damaged', 'insufficient'] as const;
export type ReceivedCondition = (typeof receivedConditions)[number];

/**
 * What the client decided about a sample that arrived damaged or insufficient, recorded by Customer
 * Service: test it as it is, send a replacement (the sample awaits a new receipt), or have it
 * returned (it stays on hold, never tested).
 */
export const receiptDecisions = ['testAsReceived', 'replacement', 'return'] as const;
export type ReceiptDecision = (typeof receiptDecisions)[number];

/** Who records the client's decision: Customer Service, who checked the sample in (and administrators). */
export const receiptDecisionPermissions = ['CanCheckInSampleEntryCs'] as const satisfies readonly Permission[];

/** What a sample's receipt hold needs to know of it. */
export type ReceiptHoldFacts = { receivedCondition?: string | null; receiptDecision?: string | null };

/**
 * A sample received damaged or insufficient waits on hold until the client's decision is to test it
 * as received. The actions marked `onReceiptHold: 'refused'` below are refused while it holds.
 */
export function isHeldOnReceipt(sample: ReceiptHoldFacts): boolean {
  const { receivedCondition, receiptDecision } = sample;
  return (
    (receivedCondition === 'damaged' || receivedCondition === 'insufficient') && receiptDecision !== 'testAsReceived'
  );
}

/** The sample's journey from `first` to `last` (both included), in the order above. */
export function statusesBetween(first: SampleStatus, last: SampleStatus): SampleStatus[] {
  return sampleStatuses.slice(sampleStatuses.indexOf(first), sampleStatuses.indexOf(last) + 1);
}

export function isSampleStatus(value: string): value is SampleStatus {
  return (sampleStatuses as readonly string[]).includes(value);
}

export type WorkflowAction = {
  from: readonly SampleStatus[];
  to: SampleStatus;
  /** Holding any one of these lets a user fire the action. */
  permissions: readonly Permission[];
  /** What the action needs besides the state, in the laboratory's words (shown in the UI and docs). */
  requires: string;
  /** Undo actions step back; the UI shows them apart from the forward path. */
  isUndo: boolean;
  /**
   * Who is told when the action fires: every holder of `audience` gets a notification of `kind`
   * (services/messaging/notifications.ts, announceChange). null when nobody is, or when the package's own
   * change tells them once for all its samples (record-workflows.ts).
   */
  notifies: Notice | null;
  /**
   * How the receipt hold (isHeldOnReceipt) bears on the action: `refused` while the sample is held
   * (it moves on only once the client agrees to test it as received), `only` while it is held.
   */
  onReceiptHold?: 'refused' | 'only';
};

/** A notification a change sends: what kind of news, and the permission whose holders hear it. */
export type Notice = { kind: NotificationKind; audience: Permission };

export const workflowActions = {
  csCheckIn: {
    from: ['New'],
    to: 'CsConfirmed',
    permissions: ['CanCheckInSampleEntryCs'],
    requires: 'Received date, received by, initial weight and condition on receipt',
    isUndo: false,
    notifies: null,
  },
  /**
   * The client sends a replacement for a sample received damaged or insufficient: the entry awaits
   * its new receipt (New), whose check-in records the replacement's own condition.
   */
  awaitReplacement: {
    from: ['CsConfirmed'],
    to: 'New',
    permissions: receiptDecisionPermissions,
    requires: "A sample held on receipt; the client's decision to send a replacement",
    isUndo: false,
    notifies: null,
    onReceiptHold: 'only',
  },
  transferToTester: {
    from: ['CsConfirmed'],
    to: 'SentToTester',
    permissions: ['CanTransferSampleEntryToTester'],
    requires: 'A checked-in sample',
    isUndo: false,
    notifies: { kind: 'sampleSentToTester', audience: 'CanCheckInSampleEntryTester' },
    onReceiptHold: 'refused',
  },
  testerCheckIn: {
    from: ['SentToTester'],
    to: 'TesterConfirmed',
    permissions: ['CanCheckInSampleEntryTester'],
    requires: 'The sample in hand at the tester lab',
    isUndo: false,
    notifies: null,
    onReceiptHold: 'refused',
  },
  undoTester: {
    from: ['SentToTester', 'TesterConfirmed'],
    to: 'CsConfirmed',
    permissions: ['CanUndoStatusIsotopeForTester'],
    requires: 'Not yet sent to the third lab',
    isUndo: true,
    notifies: null,
  },
  sendToThirdLab: {
    from: ['TesterConfirmed'],
    to: 'SentToThirdLab',
    permissions: ['CanCreateDispatchBatch', 'CanUpdateDispatchBatch', 'CanTransferSampleEntryToThirdLab'],
    requires: 'The sample in a dispatch batch that is being sent',
    isUndo: false,
    // The package's send tells the third lab, once for all its samples.
    notifies: null,
    onReceiptHold: 'refused',
  },
  thirdLabCheckIn: {
    from: ['SentToThirdLab'],
    to: 'ThirdLabConfirmed',
    permissions: ['CanCheckInThirdLab'],
    requires: 'The package received at the third lab',
    isUndo: false,
    notifies: null,
  },
  returnResult: {
    from: ['ThirdLabConfirmed'],
    to: 'ResultReturned',
    permissions: ['CanReturnResultThirdLab'],
    requires: 'Carbon, hydrogen and oxygen values entered',
    isUndo: false,
    // The supervisor reviews the returned result.
    notifies: { kind: 'resultReturned', audience: 'CanConfirmFinalResult' },
  },
  undoThirdLabTransaction: {
    from: ['SentToThirdLab', 'ThirdLabConfirmed'],
    to: 'TesterConfirmed',
    permissions: ['CanUndoSampleTransaction'],
    requires: 'The package code; the whole package goes back',
    isUndo: true,
    // The package's undo tells the tester lab, once for all its samples.
    notifies: null,
  },
  undoReturnResult: {
    from: ['ResultReturned'],
    to: 'ThirdLabConfirmed',
    permissions: ['CanUndoReturnResultFromThirdParty'],
    requires: 'A returned result not yet confirmed',
    isUndo: true,
    notifies: null,
  },
  confirmFinalResult: {
    from: ['ResultReturned'],
    to: 'ResultConfirmed',
    permissions: ['CanConfirmFinalResult'],
    requires: 'A conclusion recorded, confirmed by someone other than who entered the result',
    isUndo: false,
    // Next comes the certificate, issued by those who may confirm final results.
    notifies: { kind: 'finalResultConfirmed', audience: 'CanConfirmFinalResult' },
  },
  issueCertificate: {
    from: ['ResultConfirmed'],
    to: 'Completed',
    permissions: ['CanConfirmFinalResult'],
    requires: 'A confirmed final result',
    isUndo: false,
    // The client-side lab hands the certificate to the client.
    notifies: { kind: 'certificateIssued', audience: 'CanViewDetailSampleEntryCs' },
  },
} as const satisfies Record<string, WorkflowAction>;

export type WorkflowActionName = keyof typeof workflowActions;

export const workflowActionNames = Object.keys(workflowActions) as WorkflowActionName[];

/** Changes of a record that are not transitions, and the states in which each is allowed. */
export const sampleEdits = {
  csUpdate: ['New', 'CsConfirmed'],
  testerUpdate: ['SentToTester', 'TesterConfirmed'],
  addToDispatchBatch: ['TesterConfirmed'],
  thirdLabResult: ['ThirdLabConfirmed'],
  supervisorConclusion: ['ThirdLabConfirmed', 'ResultReturned'],
  transferIdflData: ['ResultConfirmed', 'Completed'],
  /** An origin analysis's prediction and consistency, while the supervisor still reviews the result. */
  saveOriginAnalysis: ['ThirdLabConfirmed', 'ResultReturned'],
} as const satisfies Record<string, readonly SampleStatus[]>;

export type SampleEditName = keyof typeof sampleEdits;

/** Who may make each change: holding any one of these (the route's access list reads it too). */
export const sampleEditPermissions = {
  csUpdate: ['CanUpdateSampleEntryCs'],
  testerUpdate: ['CanUpdateSampleEntryTester'],
  addToDispatchBatch: ['CanTransferSampleEntryToThirdLab'],
  thirdLabResult: ['CanUpdateResultThirdLab'],
  supervisorConclusion: ['CanUpdateSampleEntrySupervisor'],
  transferIdflData: ['CanTransferIDFLData'],
  saveOriginAnalysis: ['CanSaveAnalysisToSampleEntry'],
} as const satisfies Record<SampleEditName, readonly Permission[]>;

/** Whether a user holding these permissions may make this change to a sample in this state now. */
export function mayEdit(edit: SampleEditName, status: string, permissions: readonly string[]): boolean {
  return canEdit(edit, status) && sampleEditPermissions[edit].some((p) => permissions.includes(p));
}

/**
 * An order (booking number) may be destroyed while none of its samples has left the client-side
 * lab: every sample is in one of these states.
 */
const orderDestroyableStatuses = ['New', 'CsConfirmed'] as const satisfies readonly SampleStatus[];

/** The first sample that stops its order from being destroyed, if any. */
export function sampleBlockingDestruction<T extends { status: string }>(samples: readonly T[]): T | undefined {
  return samples.find((s) => !(orderDestroyableStatuses as readonly string[]).includes(s.status));
}

/** Raised for an action the current state does not allow; the server answers it with 409. */
export class IllegalTransitionError extends Error {
  readonly action: WorkflowActionName | SampleEditName;
  readonly status: string;
  readonly allowedFrom: readonly SampleStatus[];

  constructor(
    action: WorkflowActionName | SampleEditName,
    status: string,
    allowedFrom: readonly SampleStatus[],
    subject?: string,
  ) {
    super(describeIllegalState(status, allowedFrom, subject));
    this.name = 'IllegalTransitionError';
    this.action = action;
    this.status = status;
    this.allowedFrom = allowedFrom;
  }
}

/** 'Sample IDFL-2026-00001 is SentToTester; this action needs CsConfirmed.' */
function describeIllegalState(status: string, allowedFrom: readonly string[], subject = 'The sample'): string {
  const needs =
    allowedFrom.length <= 1
      ? (allowedFrom[0] ?? 'another state')
      : `${allowedFrom.slice(0, -1).join(', ')} or ${allowedFrom[allowedFrom.length - 1]}`;
  return `${subject} is ${status}; this action needs ${needs}.`;
}

export function canFire(action: WorkflowActionName, status: string): boolean {
  return (workflowActions[action].from as readonly string[]).includes(status);
}

/** Whether the receipt hold lets the action fire on this sample (the table's `onReceiptHold`). */
export function receiptHoldAllows(action: WorkflowActionName, sample: ReceiptHoldFacts): boolean {
  const rule = (workflowActions[action] as WorkflowAction).onReceiptHold;
  if (!rule) return true;
  return rule === 'refused' ? !isHeldOnReceipt(sample) : isHeldOnReceipt(sample);
}

/** The state the action leads to; throws IllegalTransitionError naming the current state. */
export function nextStatus(action: WorkflowActionName, status: string, subject?: string): SampleStatus {
  const definition: WorkflowAction = workflowActions[action];
  if (!canFire(action, status)) throw new IllegalTransitionError(action, status, definition.from, subject);
  return definition.to;
}

function canEdit(edit: SampleEditName, status: string): boolean {
  return (sampleEdits[edit] as readonly string[]).includes(status);
}

export function assertEditable(edit: SampleEditName, status: string, subject?: string): void {
  if (!canEdit(edit, status)) throw new IllegalTransitionError(edit, status, sampleEdits[edit], subject);
}

/**
 * The actions a user holding these permissions may fire on a sample in this state (what the UI
 * offers). The receipt hold is judged on the sample's receipt; without it, as a sample not held.
 */
export function actionsFor(
  status: string,
  permissions: readonly string[],
  receipt?: ReceiptHoldFacts,
): WorkflowActionName[] {
  return workflowActionNames.filter(
    (name) =>
      canFire(name, status) &&
      workflowActions[name].permissions.some((p) => permissions.includes(p)) &&
      receiptHoldAllows(name, receipt ?? {}),
  );
}

export function sampleSubject(idflNumber: string): string {
  return `Sample ${idflNumber}`;
}
