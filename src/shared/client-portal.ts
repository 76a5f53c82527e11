import { z } from 'zod';
import type { SampleStatus } from './workflow/sample-workflow.ts';
import { visibleText } from './visible-text.ts';

// The client's side of a booking ("My orders", docs/client-portal.md): the plain stages a client
// sees instead of the laboratory's workflow statuses, and the inputs the client routes take.

export const clientStages = ['awaiting', 'received', 'testing', 'isotopeLab', 'review', 'completed'] as const;
export type ClientStage = (typeof clientStages)[number];

/** Every workflow status in the client's words; adding a status makes the compiler ask for its stage. */
export const clientStageOf = {
  New: 'awaiting',
  CsConfirmed: 'received',
  SentToTester: 'testing',
  TesterConfirmed: 'testing',
  SentToThirdLab: 'isotopeLab',
  ThirdLabConfirmed: 'isotopeLab',
  ResultReturned: 'review',
  ResultConfirmed: 'review',
  Completed: 'completed',
} as const satisfies Record<SampleStatus, ClientStage>;

/** The statuses that begin each stage a client is shown a date for (the first one reached counts). */
export function statusesOfStage(stage: ClientStage): SampleStatus[] {
  return (Object.entries(clientStageOf) as [SampleStatus, ClientStage][])
    .filter(([, s]) => s === stage)
    .map(([status]) => status);
}

const CLIENT_EMAIL_INVALID = 'Please enter a valid email';
const CLIENT_NOTE_REQUIRED = 'Please write a note.';

export const clientLinkRequestSchema = z.object({
  email: visibleText(CLIENT_EMAIL_INVALID).max(200, 'At most 200 characters.').pipe(z.email(CLIENT_EMAIL_INVALID)),
  lang: z.enum(['en', 'vi'], { error: 'Language must be en or vi' }).optional(),
});

export const clientLinkRedeemSchema = z.object({
  token: z.string().trim().min(1, 'The sign-in link has no code.').max(200, 'The sign-in link is not valid.'),
});

/**
 * The bounds on client notes, which anyone holding a sign-in link may write: each is an audit
 * record and shows on the staff booking detail, so neither a booking nor a client may pile them up.
 */
export const CLIENT_NOTE_LIMITS = {
  /** Notes a booking holds at most, from all of its clients together. */
  perBooking: 50,
  /** Notes one client may add in an hour, over all of their bookings. */
  perHour: 10,
  /** Notes the staff booking detail shows at a time ("More" shows the next ones). */
  page: 20,
} as const;

export const clientNoteSchema = z.object({
  text: visibleText(CLIENT_NOTE_REQUIRED).max(4000, 'At most 4000 characters.'),
});

export const clientPreferenceSchema = z.object({ mailsOff: z.boolean() });

/** The progress mails a client may receive about a booking (the confirmation included). */
export const clientMailKinds = [
  'confirmation',
  'named',
  'received',
  'certified',
  'cancelled',
  'reissued',
  'revoked',
] as const;
export type ClientMailKind = (typeof clientMailKinds)[number];
