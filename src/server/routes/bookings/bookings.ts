import { z } from '@hono/zod-openapi';
import { bookingTransitions } from '../../../shared/workflow/record-workflows.ts';
import { bookingFormSchema, bookingLanguageSchema, cancelBookingSchema } from '../../../shared/schemas/booking.ts';
import { LANGUAGES } from '../../../shared/language.ts';
import { setBookingLanguage } from '../../services/bookings/booking-language.ts';
import { bookingCreatedSchema, bookingStatusSchema } from '../../http/schemas/booking-schemas.ts';
import { tellClientOfBooking } from '../../http/client-mail.ts';
import type { AppRouter } from '../../http/context.ts';
import { envelope, keysetPageOf, keysetQuery, listQuery, ok, updatedSinceQuery } from '../../http/responses.ts';
import { defineRoute } from '../../http/route.ts';
import { findBookingDetail } from '../../services/bookings/booking-detail.ts';
import { listBookings } from '../../services/bookings/booking-list.ts';
import { cancelBooking, createBooking } from '../../services/bookings/bookings.ts';
import { offerQuickFill } from '../../services/bookings/quick-fill.ts';
import { idParam, idQuery } from '../../http/params.ts';

// Staff side of bookings: list, detail, manual creation and cancellation.
// Confirmation is the client-side lab's check-in call (PUT /api/cs-lab/check-in?id), which uses
// confirmBooking from the bookings service.

const isoDateTime = z.string().openapi({ format: 'date-time' });
const text = z.string().nullable();

const bookingListItemSchema = z
  .object({
    id: z.number().int(),
    bookingNumber: z.string().openapi({ description: 'The order number, e.g. BK-2026-00001' }),
    applicantContactPerson: z.string(),
    applicantCompany: z.string(),
    email: z.string(),
    telephone: z.string(),
    registration: z.boolean().openapi({ description: 'isAgreeRegistration' }),
    samplePreparedDate: z.string().openapi({ format: 'date' }),
    rushService: z.boolean().openapi({ description: 'The client asked for rush service: the list marks it' }),
    status: bookingStatusSchema,
    sampleTypeCount: z.number().int(),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  })
  .openapi('BookingListItem');

const bookingDetailSchema = z
  .object({
    id: z.number().int(),
    bookingNumber: z.string(),
    status: bookingStatusSchema,
    applicantContactPerson: z.string(),
    applicantCompany: z.string(),
    telephone: z.string(),
    email: z.string(),
    address: z.string(),
    cityStateCountry: z.string(),
    emailReportToEmail: text,
    sampleDescription: text,
    rushService: z.boolean(),
    language: z.enum(LANGUAGES).openapi({ description: 'The language mails and PDFs to the client use' }),
    specialInstructions: text,
    returnSample: z.boolean(),
    sendReportHardcopy: z.boolean(),
    sendReportEmail: z.boolean(),
    sendReportFax: z.boolean(),
    bookingNotes: text,
    cancelReason: text,
    samplePreparedDate: z.string().openapi({ format: 'date' }),
    isAgreeRegistration: z.boolean(),
    isConfirmAccurate: z.boolean(),
    createdBy: z.number().int().nullable(),
    confirmedBy: z.number().int().nullable(),
    confirmedAt: isoDateTime.nullable(),
    cancelledBy: z.number().int().nullable(),
    cancelledAt: isoDateTime.nullable(),
    version: z.number().int(),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
    sampleTypes: z.array(
      z.object({
        id: z.number().int(),
        type: z.string(),
        composition: z.string(),
        expectedOrigins: z.array(z.object({ origin: z.string() })),
        notes: text,
      }),
    ),
    payerInfo: z.object({
      isTheSameClientInfo: z.boolean(),
      companyName: text,
      address: text,
      cityStateCountry: text,
      phone: text,
      contactName: text,
      email: text,
      sendInvoiceToEmail: text,
      bookingId: z.number().int(),
    }),
    retailerInfo: z.object({ retailerName: text, notes: text }),
    factoryInfo: z.object({
      enabled: z.boolean(),
      factoryName: text,
      contactName: text,
      phone: text,
      email: text,
      address: text,
      cityStateCountry: text,
      notes: text,
    }),
    attachments: z.array(
      z.object({ id: z.string(), name: z.string(), mimeType: z.string(), size: z.number().int(), url: z.string() }),
    ),
    sampleEntries: z.array(
      z.object({
        id: z.number().int(),
        idflNumber: z.string(),
        status: z.string(),
        certificateRevoked: z.boolean().openapi({ description: 'Its certificate in force is revoked' }),
      }),
    ),
    history: z.array(
      z.object({
        id: z.number().int(),
        action: z.string(),
        fromStatus: text,
        toStatus: text,
        changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
        reason: text,
        actorId: z.number().int().nullable(),
        actorName: text,
        at: isoDateTime,
      }),
    ),
  })
  .openapi('BookingDetail');

const bookingRowSchema = z
  .object({
    id: z.number().int(),
    bookingNumber: z.string(),
    status: bookingStatusSchema,
    cancelReason: text,
    version: z.number().int(),
    updatedAt: isoDateTime,
  })
  .openapi('BookingStatusChange');

const createRoute = defineRoute({
  method: 'post',
  path: '/api/bookings/create',
  tags: ['Bookings'],
  summary: 'Staff enters a booking (same form and rules as the public Order Request Form)',
  access: ['CanCreateBooking'],
  request: { body: { content: { 'application/json': { schema: bookingFormSchema } }, required: true } },
  responses: {
    201: { description: 'Created', content: { 'application/json': { schema: envelope(bookingCreatedSchema) } } },
  },
});

const findAllRoute = defineRoute({
  method: 'get',
  path: '/api/bookings/find-all',
  tags: ['Bookings'],
  summary: 'Client requests (booking list) with filters, search, ordering and paging',
  access: ['CanViewAllbooking'],
  request: {
    query: z.object({
      ...listQuery,
      ...keysetQuery,
      orderBy: listQuery.orderBy.openapi({
        description:
          'field[:asc|desc] with field one of createdAt, updatedAt, bookingNumber, applicantCompany, ' +
          'applicantContactPerson, email, samplePreparedDate, status (default createdAt:desc)',
      }),
      status: bookingStatusSchema.optional(),
      bookingNumber: z.string().trim().max(60).optional(),
      applicantContactPerson: z.string().trim().max(200).optional(),
      updatedSince: updatedSinceQuery,
    }),
  },
  responses: {
    200: {
      description: 'Bookings',
      content: { 'application/json': { schema: envelope(keysetPageOf(bookingListItemSchema)) } },
    },
  },
});

const detailRoute = defineRoute({
  method: 'get',
  path: '/api/bookings/detail/{id}',
  tags: ['Bookings'],
  summary: 'Booking detail: everything submitted, attachments, sample entries made from it, history',
  access: ['CanViewDetailBooking'],
  request: { params: idParam },
  responses: {
    200: { description: 'Booking', content: { 'application/json': { schema: envelope(bookingDetailSchema) } } },
    404: { description: 'No such booking' },
  },
});

const cancelRoute = defineRoute({
  method: 'put',
  path: '/api/bookings/cancel',
  tags: ['Bookings'],
  summary: 'Cancel an UnConfirmed booking with a reason',
  access: bookingTransitions.cancel.permissions,
  request: {
    query: idQuery,
    body: { content: { 'application/json': { schema: cancelBookingSchema } }, required: true },
  },
  responses: {
    200: { description: 'Cancelled', content: { 'application/json': { schema: envelope(bookingRowSchema) } } },
    404: { description: 'No such booking' },
  },
});

const languageRoute = defineRoute({
  method: 'put',
  path: '/api/bookings/language',
  tags: ['Bookings'],
  summary: "Change the language of a booking's client (mails and PDFs sent to them)",
  access: ['CanCreateBooking'],
  request: { body: { content: { 'application/json': { schema: bookingLanguageSchema } }, required: true } },
  responses: {
    200: {
      description: 'Changed',
      content: {
        'application/json': {
          schema: envelope(z.object({ id: z.number().int(), language: z.enum(LANGUAGES) })),
        },
      },
    },
    404: { description: 'No such booking' },
  },
});

export function registerBookingRoutes(app: AppRouter) {
  app.openapi(languageRoute, async (c) => {
    const { id, language } = c.req.valid('json');
    return ok(c, await setBookingLanguage(c.var.db, { bookingId: id, language, by: c.var.auth }));
  });

  app.openapi(createRoute, async (c) => {
    const { db, deps, auth } = c.var;
    const created = await createBooking(db, { input: c.req.valid('json'), by: auth });
    await offerQuickFill(db, deps.mailer, created);
    const { id, bookingNumber, status, createdAt } = created;
    return ok(
      c,
      { id, bookingNumber, status, createdAt: createdAt.toISOString() },
      'Booking created successfully!',
      201,
    );
  });

  app.openapi(findAllRoute, async (c) => {
    const { updatedSince, ...filters } = c.req.valid('query');
    const page = await listBookings(c.var.db, {
      ...filters,
      updatedSince: updatedSince ? new Date(updatedSince) : undefined,
    });
    return ok(c, page);
  });

  app.openapi(detailRoute, async (c) => ok(c, await findBookingDetail(c.var.db, c.req.valid('param').id)));

  app.openapi(cancelRoute, async (c) => {
    const cancelled = await cancelBooking(c.var.db, {
      bookingId: c.req.valid('query').id,
      reason: c.req.valid('json').cancelReason,
      by: c.var.auth,
    });
    await tellClientOfBooking(c, { bookingId: cancelled.id, kind: 'cancelled' });
    const { id, bookingNumber, status, cancelReason, version, updatedAt } = cancelled;
    return ok(
      c,
      { id, bookingNumber, status, cancelReason, version, updatedAt: updatedAt.toISOString() },
      'Booking cancelled successfully.',
    );
  });
}
