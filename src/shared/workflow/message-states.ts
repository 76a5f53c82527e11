import type { ServerMessageCode } from '../server-messages.ts';

// Its own module, apart from the messages themselves: the app's first chunk reads this map, and the
// catalogue of messages comes later, with the first call.
/**
 * The messages whose `status` and `needed` values are workflow states, and whose states they are:
 * the values stay codes (a program reads them), and the app says them in the reader's words.
 */
export const STATE_VALUES: Partial<Record<ServerMessageCode, 'sample' | 'booking' | 'package' | 'certificate'>> = {
  sampleWrongState: 'sample',
  sampleAlreadyDone: 'sample',
  theSampleWrongState: 'sample',
  orderCannotBeDestroyed: 'sample',
  runResultNotEditable: 'sample',
  bookingWrongStateConfirm: 'booking',
  bookingWrongStateCancel: 'booking',
  packageNotSent: 'package',
  certificateNotValid: 'certificate',
};
