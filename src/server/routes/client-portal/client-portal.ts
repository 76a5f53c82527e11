import { z } from '@hono/zod-openapi';
import { cancelBookingSchema } from '../../../shared/schemas/booking.ts';
import {
  clientLinkRedeemSchema,
  clientLinkRequestSchema,
  CLIENT_NOTE_LIMITS,
  clientNoteSchema,
  clientPreferenceSchema,
} from '../../../shared/client-portal.ts';
import { normalizeClientEmail } from '../../auth/client-sessions.ts';
import { endClientSession, setClientCookie } from '../../http/client-session.ts';
import { redeemClientLink } from '../../services/client-portal/client-sign-in.ts';
import { clientAddress } from '../../http/client-address.ts';
import {
  clientActivitySchema,
  clientBookingSchema,
  clientBookingsSchema,
  clientNoteForStaffSchema,
  clientPrefillSchema,
} from '../../http/schemas/client-portal-schemas.ts';
import type { AppRouter } from '../../http/context.ts';
import { idParam } from '../../http/params.ts';
import { publicBaseUrl } from '../../http/public-url.ts';
import { envelope, ok, pageOf } from '../../http/responses.ts';
import { defineRoute } from '../../http/route.ts';
import {
  addClientAttachments,
  addClientNote,
  cancelClientBooking,
  clientActivity,
  clientCertificateFile,
  clientNotesPage,
  clientPrefill,
  setClientMails,
} from '../../services/client-portal/client-portal-actions.ts';
import { mailClientSignInLink } from '../../services/client-portal/client-portal-mail.ts';
import { findClientBooking, listClientBookings, recordClientLook } from '../../services/client-portal/client-portal.ts';
import { fileDownloadHeaders } from '../../services/files.ts';
import { enforceLimit } from '../../services/accounts/rate-limit.ts';
import { requestLanguage } from '../../services/reports/report-words.ts';

// The client's side of their bookings (docs/client-portal.md). Every route but the two that open a
// session takes access 'client': the client session cookie, never a staff token.

/** Sign-in links one caller address may ask for per hour (the mails each address is sent: client-portal-mail.ts). */
const LINKS_PER_ADDRESS = { limit: 10, seconds: 3600 };
const CLIENT_LINK_REQUESTED_MESSAGE = 'If we hold bookings for this e-mail, a sign-in link has been sent to it.';

const json = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});
const answer = <T extends z.ZodType>(description: string, schema: T) => ({
  description,
  content: { 'application/json': { schema: envelope(schema) } },
});
const bookingParam = { params: idParam };

const requestLinkRoute = defineRoute({
  method: 'post',
  path: '/api/client/sign-in-links',
  tags: ['Client portal'],
  summary: 'Mail a one-time sign-in link to a client e-mail; the same answer whether or not it has bookings',
  access: 'public',
  request: json(clientLinkRequestSchema),
  responses: { 200: answer('Asked for', z.boolean()) },
});

const openSessionRoute = defineRoute({
  method: 'post',
  path: '/api/client/session',
  tags: ['Client portal'],
  summary: 'Trade a sign-in link for a client session (cookie); forged, expired or used links are a 400',
  access: 'public',
  request: json(clientLinkRedeemSchema),
  responses: { 200: answer('Signed in', z.object({ email: z.string() })) },
});

const endSessionRoute = defineRoute({
  method: 'delete',
  path: '/api/client/session',
  tags: ['Client portal'],
  summary: 'Sign the client out',
  access: 'client',
  responses: { 200: answer('Signed out', z.boolean()) },
});

const listRoute = defineRoute({
  method: 'get',
  path: '/api/client/bookings',
  tags: ['Client portal'],
  summary: "The client's bookings with each sample's stage, dates and certificates",
  access: 'client',
  responses: { 200: answer('Bookings', clientBookingsSchema) },
});

const detailRoute = defineRoute({
  method: 'get',
  path: '/api/client/bookings/{id}',
  tags: ['Client portal'],
  summary: "One of the client's bookings (404 for any other)",
  access: 'client',
  request: bookingParam,
  responses: { 200: answer('The booking', clientBookingSchema), 404: { description: 'Not one of theirs' } },
});

const cancelRoute = defineRoute({
  method: 'post',
  path: '/api/client/bookings/{id}/cancel',
  tags: ['Client portal'],
  summary: 'Cancel a booking not yet confirmed, with a reason',
  // Not bookingTransitions.cancel's staff permission: a client cancels their own booking, which the
  // service checks (the session names the client, the booking must be theirs).
  access: 'client',
  request: { ...bookingParam, ...json(cancelBookingSchema) },
  responses: { 200: answer('Cancelled', z.boolean()), 404: { description: 'Not one of theirs' } },
});

const noteRoute = defineRoute({
  method: 'post',
  path: '/api/client/bookings/{id}/notes',
  tags: ['Client portal'],
  summary: 'Add a note to a booking for the laboratory',
  description: `A booking holds at most ${CLIENT_NOTE_LIMITS.perBooking} notes (409 clientNotesFull after that), and a client may add ${CLIENT_NOTE_LIMITS.perHour} an hour (429 clientNotesTooFast).`,
  access: 'client',
  request: { ...bookingParam, ...json(clientNoteSchema) },
  responses: {
    201: answer('Added', z.object({ text: z.string(), createdAt: z.string() })),
    404: { description: 'Not one of theirs' },
  },
});

const attachmentsRoute = defineRoute({
  method: 'post',
  path: '/api/client/bookings/{id}/attachments',
  tags: ['Client portal'],
  summary: 'Add files uploaded through /api/sample-submit-form/attachments to a booking',
  access: 'client',
  request: {
    ...bookingParam,
    ...json(
      z.object({
        attachmentFileIds: z
          .array(z.uuid('Unknown attachment.'))
          .min(1, 'Choose a file.')
          .max(10, 'At most 10 attachments.'),
      }),
    ),
  },
  responses: {
    200: answer('Added', z.object({ attachments: z.number().int() })),
    404: { description: 'Not one of theirs' },
  },
});

const preferenceRoute = defineRoute({
  method: 'put',
  path: '/api/client/bookings/{id}/mails',
  tags: ['Client portal'],
  summary: "Turn the booking's progress mails off or on",
  access: 'client',
  request: { ...bookingParam, ...json(clientPreferenceSchema) },
  responses: {
    200: answer('Saved', z.object({ mailsOff: z.boolean() })),
    404: { description: 'Not one of theirs' },
  },
});

const certificateFileRoute = defineRoute({
  method: 'get',
  path: '/api/client/certificates/{token}/file',
  tags: ['Client portal'],
  summary: "The PDF of a certificate of one of the client's samples",
  access: 'client',
  request: {
    params: z.object({
      token: z
        .string()
        .min(1)
        .max(200)
        .openapi({ param: { name: 'token', in: 'path' } }),
    }),
  },
  responses: {
    200: {
      description: 'The PDF',
      content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    404: { description: 'Not one of theirs' },
  },
});

const prefillRoute = defineRoute({
  method: 'get',
  path: '/api/client/prefill',
  tags: ['Client portal'],
  summary: "The client's details from their latest booking, for a new booking",
  access: 'client',
  responses: { 200: answer('Details', clientPrefillSchema), 404: { description: 'No booking as applicant' } },
});

const activityRoute = defineRoute({
  method: 'get',
  path: '/api/bookings/client-activity/{id}',
  tags: ['Bookings'],
  summary: 'Staff: the mails the client received about a booking, when they last looked, and their notes',
  access: ['CanViewDetailBooking'],
  request: bookingParam,
  responses: { 200: answer('Activity', clientActivitySchema), 404: { description: 'No such booking' } },
});

const notesRoute = defineRoute({
  method: 'get',
  path: '/api/bookings/client-notes/{id}',
  tags: ['Bookings'],
  summary: "Staff: a page of the client's notes on a booking, newest first",
  description: `A booking holds at most ${CLIENT_NOTE_LIMITS.perBooking} notes; a client may add ${CLIENT_NOTE_LIMITS.perHour} an hour.`,
  access: ['CanViewDetailBooking'],
  request: {
    ...bookingParam,
    query: z.object({
      limit: z.coerce.number().int().min(1).max(100).default(CLIENT_NOTE_LIMITS.page),
      offset: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
    }),
  },
  responses: {
    200: answer('Notes', pageOf(clientNoteForStaffSchema)),
    404: { description: 'No such booking' },
  },
});

export function registerClientPortalRoutes(app: AppRouter) {
  app.openapi(requestLinkRoute, async (c) => {
    const { db, deps } = c.var;
    const { email, lang } = c.req.valid('json');
    // Only the caller is refused here. A limit per recipient that answered 429 would be a lock anyone
    // could turn: three requests naming a client (or a +tag of theirs) would shut them out.
    await enforceLimit(db, `client-link:address:${clientAddress(c)}`, LINKS_PER_ADDRESS);
    const baseUrl = publicBaseUrl(deps.env, c.req.url);
    const language = requestLanguage(lang, c.req.header('accept-language'));
    // Whether the address has bookings is looked up after the answer, as for password resets:
    // the same words and the same time either way.
    deps.background.run('client sign-in link', async () => {
      await mailClientSignInLink(deps.database.db, deps.mailer, { email, baseUrl, language });
      if (deps.mailer.hasQueued) await deps.mailer.deliver(deps.database.db);
    });
    return ok(c, true, CLIENT_LINK_REQUESTED_MESSAGE);
  });

  app.openapi(openSessionRoute, async (c) => {
    const { token } = c.req.valid('json');
    const session = await redeemClientLink(c.var.db, token);
    setClientCookie(c, session.token);
    c.header('cache-control', 'no-store');
    return ok(c, { email: session.email }, 'Signed in.');
  });

  app.openapi(endSessionRoute, async (c) => {
    await endClientSession(c);
    return ok(c, true, 'Signed out.');
  });

  app.openapi(listRoute, async (c) => {
    const { email } = c.var.client;
    const found = await listClientBookings(c.var.db, email);
    await recordClientLook(c.var.db, { email, bookingIds: found.bookings.map((b) => b.id) });
    c.header('cache-control', 'no-store');
    return ok(c, { email, ...found });
  });

  app.openapi(detailRoute, async (c) => {
    const { email } = c.var.client;
    const { booking } = await findClientBooking(c.var.db, email, c.req.valid('param').id);
    await recordClientLook(c.var.db, { email, bookingIds: [booking.id] });
    c.header('cache-control', 'no-store');
    return ok(c, booking);
  });

  app.openapi(cancelRoute, async (c) => {
    const { email } = c.var.client;
    await cancelClientBooking(c.var.db, {
      email,
      bookingId: c.req.valid('param').id,
      reason: c.req.valid('json').cancelReason,
    });
    return ok(c, true, 'Booking cancelled successfully.');
  });

  app.openapi(noteRoute, async (c) => {
    const note = await addClientNote(c.var.db, {
      email: c.var.client.email,
      bookingId: c.req.valid('param').id,
      text: c.req.valid('json').text,
    });
    return ok(c, note, 'Note added.', 201);
  });

  app.openapi(attachmentsRoute, async (c) => {
    const added = await addClientAttachments(c.var.db, {
      email: c.var.client.email,
      bookingId: c.req.valid('param').id,
      fileIds: c.req.valid('json').attachmentFileIds,
    });
    return ok(c, added, 'Attachments added.');
  });

  app.openapi(preferenceRoute, async (c) => {
    const saved = await setClientMails(c.var.db, {
      email: c.var.client.email,
      bookingId: c.req.valid('param').id,
      mailsOff: c.req.valid('json').mailsOff,
    });
    return ok(c, saved, 'Saved.');
  });

  app.openapi(certificateFileRoute, async (c) => {
    const file = await clientCertificateFile(
      c.var.db,
      c.var.client.email,
      c.req.valid('param').token,
      c.var.deps.env.LAB_TIME_ZONE,
    );
    return c.body(new Uint8Array(file.data), 200, {
      ...fileDownloadHeaders(file),
      'cache-control': 'private, no-store',
    });
  });

  app.openapi(prefillRoute, async (c) =>
    ok(c, await clientPrefill(c.var.db, normalizeClientEmail(c.var.client.email))),
  );

  app.openapi(activityRoute, async (c) => ok(c, await clientActivity(c.var.db, c.req.valid('param').id)));

  app.openapi(notesRoute, async (c) =>
    ok(c, await clientNotesPage(c.var.db, c.req.valid('param').id, c.req.valid('query'))),
  );
}
