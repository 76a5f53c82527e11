import type { Permission } from '../permissions.ts';
import { workflowActions, type Notice } from './sample-workflow.ts';

// The two smaller state machines beside the sample's (sample-workflow.ts): the booking and the
// dispatch batch (package). The server judges every change of either with these tables; the app
// offers only what they allow.

export const bookingStatuses = ['UnConfirmed', 'Confirmed', 'Cancelled'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

type Transition<S extends string> = {
  from: readonly S[];
  to: S;
  /** Holding any one of these lets a user fire the change (empty: the server fires it itself). */
  permissions: readonly Permission[];
  /** Who is told when the change is made (as WorkflowAction.notifies); null when nobody is. */
  notifies: Notice | null;
};

/** A booking is confirmed (its samples created, CsConfirmed) or cancelled, once, while UnConfirmed. */
export const bookingTransitions = {
  confirm: {
    from: ['UnConfirmed'],
    to: 'Confirmed',
    // Confirming a booking checks its samples in at the client-side lab: the same hands may do both.
    permissions: workflowActions.csCheckIn.permissions,
    notifies: { kind: 'bookingConfirmed', audience: 'CanViewAllSampleEntryCs' },
  },
  cancel: { from: ['UnConfirmed'], to: 'Cancelled', permissions: ['CanCancelBooking'], notifies: null },
} as const satisfies Record<string, Transition<BookingStatus>>;

/** A booking sent through the public Order Request Form is news for those who list bookings. */
export const bookingRequestNotice = {
  kind: 'bookingArrived',
  audience: 'CanViewAllbooking',
} as const satisfies Notice;

export type BookingTransitionName = keyof typeof bookingTransitions;

export function canChangeBooking(transition: BookingTransitionName, status: string): boolean {
  return (bookingTransitions[transition].from as readonly string[]).includes(status);
}

/** The booking changes a user holding these permissions may make now (what the booking screen offers). */
export function bookingChangesFor(status: string, permissions: readonly string[]): BookingTransitionName[] {
  return (Object.keys(bookingTransitions) as BookingTransitionName[]).filter(
    (name) =>
      canChangeBooking(name, status) && bookingTransitions[name].permissions.some((p) => permissions.includes(p)),
  );
}

export const dispatchBatchStatuses = ['Draft', 'Sent', 'Received'] as const;
export type DispatchBatchStatus = (typeof dispatchBatchStatuses)[number];

/**
 * A package is filled and changed while Draft, sent once (its samples go SentToThirdLab), Received
 * when the third lab has checked in its last sample, and goes back to Draft when the third lab undoes
 * the package's transaction.
 */
export const dispatchBatchTransitions = {
  // Sending the package is sending its samples (sendToThirdLab): one permission list for both.
  send: {
    from: ['Draft'],
    to: 'Sent',
    permissions: workflowActions.sendToThirdLab.permissions,
    notifies: { kind: 'batchSent', audience: 'CanCheckInThirdLab' },
  },
  receive: { from: ['Sent'], to: 'Received', permissions: [], notifies: null },
  // Undoing the package is undoing its samples' transaction (undoThirdLabTransaction).
  undoSend: {
    from: ['Sent', 'Received'],
    to: 'Draft',
    permissions: workflowActions.undoThirdLabTransaction.permissions,
    notifies: { kind: 'batchUndone', audience: 'CanTransferSampleEntryToThirdLab' },
  },
} as const satisfies Record<string, Transition<DispatchBatchStatus>>;

export type DispatchBatchTransitionName = keyof typeof dispatchBatchTransitions;

export function canChangeDispatchBatch(transition: DispatchBatchTransitionName, status: string): boolean {
  return (dispatchBatchTransitions[transition].from as readonly string[]).includes(status);
}

/** Samples are put into, and the package's fields changed, only while it is a Draft. */
export function isDispatchBatchOpen(status: string | null | undefined): boolean {
  return (status ?? 'Draft') === 'Draft';
}
