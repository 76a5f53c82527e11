// Read by the route's search check on every navigation: these few lines, not the booking list.

/** The booking list's filters, kept in its route's search (a customer row opens it with `?search=<company>`). */
export const emptyBookingFilters = { status: '', bookingNumber: '', applicantContactPerson: '', search: '' };

export const BOOKING_FILTER_NAMES = Object.keys(emptyBookingFilters);
