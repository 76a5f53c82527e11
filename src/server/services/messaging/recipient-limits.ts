import type { Executor } from '../../db/client.ts';
import { countEvent, type Window } from '../accounts/rate-limit.ts';

// Mail the public can make the laboratory send goes to an address the caller merely typed. Each
// caller address is limited already; these limit each recipient too, so no one can use the
// laboratory's name to fill a stranger's mailbox from many addresses.

/** Mails the Order Request Form sends one mailbox (booking confirmations and quick-fill codes together). */
export const FORM_MAIL_PER_RECIPIENT: Window = { limit: 5, seconds: 3600 };
/** Password reset links one mailbox is sent, however many callers ask for them. */
export const RESET_MAIL_PER_RECIPIENT: Window = { limit: 3, seconds: 3600 };

/** The mailbox an address reaches: case and a "+tag" subaddress (RFC 5233) do not make another one. */
export function mailboxOf(address: string): string {
  const normalized = address.trim().toLowerCase();
  const at = normalized.lastIndexOf('@');
  if (at < 0) return normalized;
  return `${normalized.slice(0, at).replace(/\+.*$/, '')}${normalized.slice(at)}`;
}

export const resetMailKey = (address: string) => `reset:email:${mailboxOf(address)}`;

/**
 * Counts one form mail to this address and answers whether it may go out. Past the limit nothing is
 * sent and the caller answers as usual: the booking is kept, and the requester learns no more than
 * before (not even whether a mail went out).
 */
export async function mayMailFormRecipient(db: Executor, address: string): Promise<boolean> {
  const sent = await countEvent(db, `form-mail:recipient:${mailboxOf(address)}`, FORM_MAIL_PER_RECIPIENT);
  return sent <= FORM_MAIL_PER_RECIPIENT.limit;
}
