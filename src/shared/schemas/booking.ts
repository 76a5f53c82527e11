import { z } from 'zod';
import { LANGUAGES, type Language } from '../language.ts';
import { visibleText } from '../visible-text.ts';
import { calendarDateOf, maxSamplePreparedDate, minSamplePreparedDate } from './booking-defaults';

export { blankBookingForm, calendarDateOf, maxSamplePreparedDate, minSamplePreparedDate } from './booking-defaults';

// The booking form (public Order Request Form and staff "create booking"): one schema, validated by
// the server and by the app's react-hook-form, with the specification's messages.
// Conditional blocks (payer, factory) refine on their own object so that their errors appear
// together with the rest of the form's errors, on dotted paths such as `payerInfo.companyName`.

export const FIELD_REQUIRED = 'This field is required.';
export const INVALID_EMAIL = 'Please enter a valid email';
export const CONFIRM_ACCURATE_REQUIRED = 'Please confirm that all information provided is accurate and complete.';
export const CANCEL_REASON_REQUIRED = 'Please enter a reason for cancellation.';
export const SAMPLE_TYPE_REQUIRED = 'At least one sample type is required.';
export const PREPARED_DATE_OUT_OF_RANGE = 'The sample prepared date must be within one year of today.';
export const PREPARED_DATE_INVALID = 'Please enter a valid date.';

/** Any stored or requested language as one of the booking languages (English otherwise). */
export const bookingLanguageOf = (value: string | null | undefined): Language => (value === 'vi' ? 'vi' : 'en');

/** Changing the language a booking's client is written to (booking detail). */
export const bookingLanguageSchema = z.object({
  id: z.number().int().positive(),
  language: z.enum(LANGUAGES),
});

const SHORT = 200;
const LONG = 4000;

const requiredText = (message: string, max = SHORT) => visibleText(message).max(max, `At most ${max} characters.`);

const optionalText = (max = SHORT) => z.string().trim().max(max, `At most ${max} characters.`).nullish();

const requiredEmail = (message: string) => requiredText(message).pipe(z.email(INVALID_EMAIL));

/** An empty string counts as "not given", as forms send it for untouched optional inputs. */
const optionalEmail = () =>
  z
    .string()
    .trim()
    .max(SHORT, `At most ${SHORT} characters.`)
    .refine((v) => v === '' || z.email().safeParse(v).success, INVALID_EMAIL)
    .nullish();

const isBlank = (value: string | null | undefined) => !value || !value.trim();

// ---- sample prepared date ----------------------------------------------------------------------

// Bounds are computed on each parse, not when the module loads, so a long-running server stays right.
const samplePreparedDate = z
  .string({ error: FIELD_REQUIRED })
  .trim()
  .min(1, FIELD_REQUIRED)
  .superRefine((value, ctx) => {
    const day = calendarDateOf(value);
    if (!day) ctx.addIssue({ code: 'custom', message: PREPARED_DATE_INVALID });
    else if (day < minSamplePreparedDate() || day > maxSamplePreparedDate())
      ctx.addIssue({ code: 'custom', message: PREPARED_DATE_OUT_OF_RANGE });
  })
  .transform((value) => calendarDateOf(value) ?? value);

// ---- blocks -----------------------------------------------------------------------------------

export const expectedOriginSchema = z.object({
  origin: requiredText('Expected origin is required'),
});

export const sampleTypeSchema = z.object({
  type: requiredText('Type is required', 1000),
  composition: requiredText('Composition is required', 1000),
  expectedOrigins: z
    .array(expectedOriginSchema, { error: 'Expected origin is required' })
    .min(1, 'Expected origin is required')
    .max(50, 'At most 50 expected origins.'),
  notes: optionalText(LONG),
});

const PAYER_MESSAGES = {
  companyName: 'Company name is required',
  address: 'Address is required',
  cityStateCountry: 'City/State/Country is required',
  phone: 'Phone is required',
  contactName: 'Contact name is required',
  email: 'Email is required',
  sendInvoiceToEmail: 'Invoice email is required',
} as const;

export const payerInfoSchema = z
  .object({
    isTheSameClientInfo: z.boolean().default(true),
    companyName: optionalText(),
    address: optionalText(),
    cityStateCountry: optionalText(),
    phone: optionalText(),
    contactName: optionalText(),
    email: optionalEmail(),
    sendInvoiceToEmail: optionalEmail(),
    /** The old client sends 0; the server sets the real link. */
    bookingId: z.number().int().nullish(),
  })
  .superRefine((payer, ctx) => {
    if (payer.isTheSameClientInfo) return;
    for (const [field, message] of Object.entries(PAYER_MESSAGES)) {
      if (isBlank(payer[field as keyof typeof PAYER_MESSAGES]))
        ctx.addIssue({ code: 'custom', path: [field], message });
    }
  });

const FACTORY_MESSAGES = {
  factoryName: 'Factory name is required',
  contactName: FIELD_REQUIRED,
  phone: FIELD_REQUIRED,
  email: FIELD_REQUIRED,
  address: FIELD_REQUIRED,
  cityStateCountry: FIELD_REQUIRED,
} as const;

export const factoryInfoSchema = z
  .object({
    enabled: z.boolean().default(false),
    factoryName: optionalText(),
    contactName: optionalText(),
    phone: optionalText(),
    email: optionalEmail(),
    address: optionalText(),
    cityStateCountry: optionalText(),
    notes: optionalText(LONG),
  })
  .superRefine((factory, ctx) => {
    if (!factory.enabled) return;
    for (const [field, message] of Object.entries(FACTORY_MESSAGES)) {
      if (isBlank(factory[field as keyof typeof FACTORY_MESSAGES]))
        ctx.addIssue({ code: 'custom', path: [field], message });
    }
  });

export const retailerInfoSchema = z.object({
  retailerName: optionalText(),
  notes: optionalText(LONG),
});

// ---- the form ---------------------------------------------------------------------------------

export const bookingFormSchema = z.object({
  applicantContactPerson: requiredText(FIELD_REQUIRED),
  applicantCompany: requiredText(FIELD_REQUIRED),
  telephone: requiredText(FIELD_REQUIRED),
  email: requiredEmail(FIELD_REQUIRED),
  address: requiredText(FIELD_REQUIRED, 500),
  cityStateCountry: requiredText(FIELD_REQUIRED),
  emailReportToEmail: optionalEmail(),
  sampleDescription: optionalText(LONG),
  rushService: z.boolean().default(false),
  specialInstructions: optionalText(LONG),
  returnSample: z.boolean().default(false),
  sendReportHardcopy: z.boolean().default(false),
  sendReportEmail: z.boolean().default(true),
  sendReportFax: z.boolean().default(false),
  bookingNotes: optionalText(LONG),
  samplePreparedDate,
  sampleTypes: z
    .array(sampleTypeSchema, { error: SAMPLE_TYPE_REQUIRED })
    .min(1, SAMPLE_TYPE_REQUIRED)
    .max(100, 'At most 100 sample types.'),
  payerInfo: payerInfoSchema.default({ isTheSameClientInfo: true }),
  retailerInfo: retailerInfoSchema.default({}),
  factoryInfo: factoryInfoSchema.default({ enabled: false }),
  isAgreeRegistration: z.boolean().default(false),
  isConfirmAccurate: z
    .boolean({ error: CONFIRM_ACCURATE_REQUIRED })
    .refine((checked) => checked, CONFIRM_ACCURATE_REQUIRED),
  attachmentFileIds: z.array(z.uuid('Unknown attachment.')).max(10, 'At most 10 attachments.').default([]),
  /** The language the form was filled in: every mail and PDF sent to the booking's client uses it. */
  language: z.enum(LANGUAGES).default('en'),
});

/** What the form holds (before defaults), e.g. react-hook-form's values. */
export type BookingFormValues = z.input<typeof bookingFormSchema>;
/** What the server works with after validation. */
export type BookingInput = z.output<typeof bookingFormSchema>;

// ---- workflow dialogs and quick-fill ------------------------------------------------------------

export const cancelBookingSchema = z.object({
  cancelReason: requiredText(CANCEL_REASON_REQUIRED, LONG),
});
export type CancelBookingInput = z.infer<typeof cancelBookingSchema>;

export const QUICK_FILL_REQUEST_REQUIRED = 'Please enter your e-mail or phone number';
export const QUICK_FILL_CODE_REQUIRED = 'Please enter the code';
export const QUICK_FILL_CODE_WRONG = 'The code is incorrect or has expired.';

/** Quick data entry: the applicant's e-mail or phone and the 6-digit code mailed after a first booking. */
export const quickFillLookupSchema = z.object({
  request: requiredText(QUICK_FILL_REQUEST_REQUIRED),
  code: requiredText(QUICK_FILL_CODE_REQUIRED, 20),
});
export type QuickFillLookup = z.infer<typeof quickFillLookupSchema>;

/** The applicant data a quick-fill code unlocks; it prefills the applicant fields. */
export type QuickFillCompanyData = {
  companyName: string;
  phone: string;
  address: string;
  cityStateCountry: string;
  contactName: string;
  email: string;
};
