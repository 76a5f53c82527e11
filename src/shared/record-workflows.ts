import type { Permission } from './permissions.ts';

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
};

/** A booking is confirmed (its samples created, CsConfirmed) or cancelled, once, while UnConfirmed. */
export const bookingTransitions = {
  confirm: { from: ['UnConfirmed'], to: 'Confirmed', permissions: ['CanCheckInSampleEntryCs'] },
  cancel: { from: ['UnConfirmed'], to: 'Cancelled', permissions: ['CanCancelBooking'] },
} as const satisfies Record<string, Transition<BookingStatus>>;

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
  send: {
    from: ['Draft'],
    to: 'Sent',
    permissions: ['CanCreateDispatchBatch', 'CanUpdateDispatchBatch', 'CanTransferSampleEntryToThirdLab'],
  },
  receive: { from: ['Sent'], to: 'Received', permissions: [] },
  undoSend: { from: ['Sent', 'Received'], to: 'Draft', permissions: ['CanUndoSampleTransaction'] },
} as const satisfies Record<string, Transition<DispatchBatchStatus>>;

export type DispatchBatchTransitionName = keyof typeof dispatchBatchTransitions;

export function canChangeDispatchBatch(transition: DispatchBatchTransitionName, status: string): boolean {
  return (dispatchBatchTransitions[transition].from as readonly string[]).includes(status);
}

/** Samples are put into, and the package's fields changed, only while it is a Draft. */
export function isDispatchBatchOpen(status: string | null | undefined): boolean {
  return (status ?? 'Draft') === 'Draft';
}
