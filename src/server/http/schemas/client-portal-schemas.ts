import { z } from '@hono/zod-openapi';
import { clientMailKinds, clientStages } from '../../../shared/client-portal.ts';
import { bookingStatuses } from '../../../shared/workflow/record-workflows.ts';
import { certificateStatuses } from '../../../shared/certificate.ts';

// The shapes the client routes answer (routes/client-portal.ts), as the document publishes them.

const clientCertificateSchema = z.object({
  token: z.string(),
  version: z.number().int(),
  status: z.enum(certificateStatuses),
  issuedAt: z.string(),
  revokedAt: z.string().nullable(),
  revokeReason: z.string().nullable().openapi({ description: 'Why the laboratory revoked it, when it did' }),
  amendmentReason: z
    .string()
    .nullable()
    .openapi({ description: 'Why this version replaced the one before, when it did' }),
  hasPdf: z.boolean(),
});

const clientSampleSchema = z.object({
  id: z.number().int(),
  idflNumber: z.string(),
  sampleType: z.string().nullable(),
  stage: z.enum(clientStages),
  stages: z.array(z.object({ stage: z.enum(clientStages), at: z.string().nullable() })),
  certificates: z.array(clientCertificateSchema),
  certificateRevoked: z
    .boolean()
    .openapi({ description: "The sample's certificate in force is revoked: its result no longer stands certified" }),
});

export const clientBookingSchema = z
  .object({
    id: z.number().int(),
    bookingNumber: z.string(),
    createdAt: z.string(),
    status: z.enum(bookingStatuses),
    rushService: z.boolean(),
    cancelReason: z.string().nullable(),
    canCancel: z.boolean(),
    attachments: z.number().int(),
    mailsOff: z.boolean(),
    notes: z.array(z.object({ text: z.string(), createdAt: z.string() })),
    samples: z.array(clientSampleSchema),
  })
  .openapi('ClientBooking');

export const clientBookingsSchema = z
  .object({
    email: z.string(),
    usualDaysToResult: z.number().nullable(),
    bookings: z.array(clientBookingSchema),
  })
  .openapi('ClientBookings');

export const clientNoteForStaffSchema = z
  .object({ email: z.string(), text: z.string(), createdAt: z.string() })
  .openapi('ClientNoteForStaff');

export const clientActivitySchema = z
  .object({
    lastViewedAt: z.string().nullable(),
    /** The addresses that turned this booking's progress mails off for themselves. */
    mailsOffFor: z.array(z.string()),
    mails: z.array(z.object({ kind: z.enum(clientMailKinds), to: z.string(), sentAt: z.string() })),
    notes: z
      .array(clientNoteForStaffSchema)
      .openapi({ description: 'The newest notes, one page; GET /api/bookings/client-notes/{id} pages through all' }),
    notesTotal: z.number().int().openapi({ description: 'How many notes the booking holds' }),
  })
  .openapi('ClientActivity');

export const clientPrefillSchema = z.object({
  companyName: z.string(),
  contactName: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  cityStateCountry: z.string(),
});
