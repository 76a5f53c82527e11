// Kept apart from the Create Booking screen: the route's search check is part of the app's entry,
// and importing it from the screen would pull the whole booking form (and zod) into every start.

/** A booking started from a customer row arrives with that customer's details to fill in. */
export type CustomerSearch = { company?: string; contactName?: string; email?: string; phone?: string; city?: string };

const CUSTOMER_FIELDS = ['company', 'contactName', 'email', 'phone', 'city'] as const;

export function validateCustomerSearch(search: Record<string, unknown>): CustomerSearch {
  const valid: CustomerSearch = {};
  for (const field of CUSTOMER_FIELDS) {
    const value = search[field];
    if (typeof value === 'string' && value) valid[field] = value.slice(0, 200);
  }
  return valid;
}
