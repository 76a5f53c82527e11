import { zodResolver } from '@hookform/resolvers/zod';
import { bookingFormSchema, quickFillLookupSchema } from '@/shared/schemas/booking';

// Their own chunk: the order form loads zod and its schema only when it is first checked.
export const bookingResolver = zodResolver(bookingFormSchema);
export const quickFillResolver = zodResolver(quickFillLookupSchema);
