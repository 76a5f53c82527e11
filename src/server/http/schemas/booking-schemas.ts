import { z } from '@hono/zod-openapi';
import { bookingStatuses } from '../../../shared/workflow/record-workflows.ts';

// The booking's answers shared by the staff routes and the public Order Request Form.

const isoDateTime = z.string().openapi({ format: 'date-time' });

export const bookingStatusSchema = z.enum(bookingStatuses).openapi('BookingStatus');

export const bookingCreatedSchema = z
  .object({ id: z.number().int(), bookingNumber: z.string(), status: bookingStatusSchema, createdAt: isoDateTime })
  .openapi('BookingCreated');
