import type { Env } from './env.ts';

/**
 * Who the laboratory is: its name, address and customer-service contact, one setting each
 * (LAB_NAME, LAB_ADDRESS, LAB_CONTACT_EMAIL, LAB_CONTACT_PHONE). The certificates, the mails, the
 * Guidelines' built-in text and the order form all read them from here, so a client never sees two
 * addresses for one laboratory.
 */
export type Laboratory = { name: string; address: string; email: string; phone: string };

export type LabContact = Pick<Laboratory, 'email' | 'phone'>;

export function laboratoryOf(
  env: Pick<Env, 'LAB_NAME' | 'LAB_ADDRESS' | 'LAB_CONTACT_EMAIL' | 'LAB_CONTACT_PHONE'>,
): Laboratory {
  return { name: env.LAB_NAME, address: env.LAB_ADDRESS, email: env.LAB_CONTACT_EMAIL, phone: env.LAB_CONTACT_PHONE };
}

/** The customer-service contact the order form and the booking mail name. */
export const labContactOf = (env: Pick<Env, 'LAB_CONTACT_EMAIL' | 'LAB_CONTACT_PHONE'>): LabContact => ({
  email: env.LAB_CONTACT_EMAIL,
  phone: env.LAB_CONTACT_PHONE,
});
