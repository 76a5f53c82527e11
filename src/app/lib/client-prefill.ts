import type { QuickFillCompanyData } from '@/shared/schemas/booking';

// A client's details handed from My orders to the order form ("new booking with my details"):
// kept in this tab's session storage for the one navigation, taken (and removed) by the form.

const KEY = 'isotope-client-prefill';

export function keepClientPrefill(data: QuickFillCompanyData) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(data));
  } catch {
    // Storage blocked: the form simply opens empty.
  }
}

export function takeClientPrefill(): QuickFillCompanyData | undefined {
  try {
    const raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return raw ? (JSON.parse(raw) as QuickFillCompanyData) : undefined;
  } catch {
    return undefined;
  }
}
