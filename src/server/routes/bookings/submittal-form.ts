import { z } from '@hono/zod-openapi';
import { bookingFormSchema, quickFillLookupSchema } from '../../../shared/schemas/booking.ts';
import { publicBaseUrl } from '../../http/public-url.ts';
import type { AppRouter } from '../../http/context.ts';
import { badRequest } from '../../errors.ts';
import { envelope, ok } from '../../http/responses.ts';
import { defineRoute } from '../../http/route.ts';
import { labContactOf } from '../../laboratory.ts';
import { mailBookingConfirmation } from '../../services/bookings/booking-confirmation.ts';
import { mailBookingCoParties } from '../../services/client-portal/client-portal-mail.ts';
import { createBooking } from '../../services/bookings/bookings.ts';
import { checkUpload, IMAGE_TYPES, MiB, PDF_TYPES, storeFile, type UploadRule } from '../../services/files.ts';
import { offerQuickFill, lookUpQuickFill } from '../../services/bookings/quick-fill.ts';
import { enforceAttachmentQuota } from '../../services/bookings/public-attachments.ts';
import { enforceLimit } from '../../services/accounts/rate-limit.ts';
import { clientAddress } from '../../http/client-address.ts';
import { bookingCreatedSchema } from '../../http/schemas/booking-schemas.ts';

// The public Order Request Form: no sign-in, so every call is
// rate-limited per caller address, and a double submit with the same Idempotency-Key makes one booking.

const SUBMIT_LIMIT = { limit: 30, seconds: 3600 };
const ATTACHMENT_UPLOAD_LIMIT = { limit: 30, seconds: 3600 };
const MAX_ATTACHMENTS = 10;

/** Applicants may attach photos of the samples or PDF documents. */
const ATTACHMENT_UPLOAD: UploadRule = {
  kind: 'image',
  types: [...IMAGE_TYPES, ...PDF_TYPES],
  maxBytes: 10 * MiB,
  typeMessage: 'Only images (JPEG, PNG, WebP, GIF) or PDF files are accepted.',
  typeCode: 'attachmentTypeRefused',
};

const quickFillDataSchema = z
  .object({
    companyName: z.string(),
    phone: z.string(),
    address: z.string(),
    cityStateCountry: z.string(),
    contactName: z.string(),
    email: z.string(),
  })
  .openapi('QuickFillData');

const attachmentSchema = z
  .object({ id: z.string().uuid(), name: z.string(), mimeType: z.string(), size: z.number().int(), url: z.string() })
  .openapi('BookingAttachment');

const submitRoute = defineRoute({
  method: 'post',
  path: '/api/sample-submit-form',
  tags: ['Submittal form'],
  summary: 'Submit the public Order Request Form: creates an UnConfirmed booking',
  description:
    'Send an Idempotency-Key so that a double submit creates one booking. The applicant is mailed a ' +
    'confirmation with the booking number and a summary. With isAgreeRegistration, the first booking from an ' +
    'e-mail address also mails a quick-fill code for next time; without it, no code is mailed and no company ' +
    'data is kept for one.',
  access: 'public',
  // Room for a hundred sample types with their expected origins; still far from a memory threat.
  bodyLimit: 512 * 1024,
  request: { body: { content: { 'application/json': { schema: bookingFormSchema } }, required: true } },
  responses: {
    201: { description: 'Created', content: { 'application/json': { schema: envelope(bookingCreatedSchema) } } },
  },
});

const quickFillRoute = defineRoute({
  method: 'get',
  path: '/api/sample-submit-form',
  tags: ['Submittal form'],
  summary: "Quick data entry: a returning applicant's company data for their e-mail or phone and code",
  access: 'public',
  request: { query: quickFillLookupSchema },
  responses: {
    200: { description: 'Company data', content: { 'application/json': { schema: envelope(quickFillDataSchema) } } },
  },
});

const attachmentsRoute = defineRoute({
  method: 'post',
  path: '/api/sample-submit-form/attachments',
  tags: ['Submittal form'],
  summary: 'Upload attachments for the Order Request Form (images or PDF, at most 10 MiB per request)',
  description:
    'Answers the stored files; send their ids in the form as attachmentFileIds within an hour, or they are ' +
    'deleted. Each address may upload 25 MiB per hour.',
  access: 'public',
  bodyLimit: ATTACHMENT_UPLOAD.maxBytes + 64 * 1024,
  request: {
    body: {
      content: {
        'multipart/form-data': {
          schema: z.object({
            files: z.any().openapi({ type: 'array', items: { type: 'string', format: 'binary' } }),
          }),
        },
      },
      required: true,
    },
  },
  responses: {
    201: { description: 'Stored', content: { 'application/json': { schema: envelope(z.array(attachmentSchema)) } } },
    413: { description: 'The files are larger than 10 MiB in total' },
    415: { description: 'A file is neither an image nor a PDF' },
  },
});

export function registerSubmittalFormRoutes(app: AppRouter) {
  app.openapi(submitRoute, async (c) => {
    const { db, deps } = c.var;
    await enforceLimit(db, `submit-form:address:${clientAddress(c)}`, SUBMIT_LIMIT);
    const input = c.req.valid('json');
    const created = await createBooking(db, { input });
    await offerQuickFill(db, deps.mailer, created);
    await mailBookingConfirmation(db, deps.mailer, {
      booking: created,
      input,
      contact: labContactOf(deps.env),
      baseUrl: publicBaseUrl(deps.env, c.req.url),
    });
    await mailBookingCoParties(db, deps.mailer, {
      booking: created,
      applicant: input.email,
      coParties: [input.emailReportToEmail, input.payerInfo.isTheSameClientInfo ? null : input.payerInfo.email],
      baseUrl: publicBaseUrl(deps.env, c.req.url),
      language: input.language,
    });
    const { id, bookingNumber, status, createdAt } = created;
    return ok(
      c,
      { id, bookingNumber, status, createdAt: createdAt.toISOString() },
      'Booking created successfully!',
      201,
    );
  });

  app.openapi(quickFillRoute, async (c) => {
    const { request, code } = c.req.valid('query');
    const data = await lookUpQuickFill(c.var.db, { request, code, address: clientAddress(c) });
    return ok(c, data, 'Data retrieved successfully!');
  });

  app.openapi(attachmentsRoute, async (c) => {
    const { db } = c.var;
    const address = clientAddress(c);
    await enforceLimit(db, `submit-form:attachments:${address}`, ATTACHMENT_UPLOAD_LIMIT);
    const form = await c.req.formData();
    const files = form.getAll('files').filter((f): f is File => typeof f !== 'string');
    if (!files.length) throw badRequest('chooseFile', {}, { files: 'Please choose at least one file.' });
    if (files.length > MAX_ATTACHMENTS) {
      throw badRequest(
        'tooManyAttachments',
        { count: MAX_ATTACHMENTS },
        { files: `At most ${MAX_ATTACHMENTS} files can be attached.` },
      );
    }
    // Every file is checked before any is stored, so one bad file stores none of them.
    const checked = [];
    for (const file of files) checked.push(await checkUpload(file, ATTACHMENT_UPLOAD, 'files'));
    await enforceAttachmentQuota(
      db,
      address,
      checked.reduce((sum, file) => sum + file.data.length, 0),
    );
    const stored = [];
    for (const file of checked) {
      const kind = file.mimeType === 'application/pdf' ? 'pdf' : 'image';
      stored.push(await storeFile(db, { file: { ...file, kind }, uploadedBy: null, uploadedFrom: address }));
    }
    return ok(c, stored, 'Files uploaded successfully.', 201);
  });
}
