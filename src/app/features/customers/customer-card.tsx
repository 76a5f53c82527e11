import type { ListCard } from '@/app/components/list-cards';
import { CustomerLinks } from './customer-links';
import type { Customer } from './customer-queries';
import { formatDisplayDate } from '@/app/components/ui/display-date';

/** A customer at phone width: the company opens its bookings, as its table row's link does. */
export function customerCard(customer: Customer, t: (key: string) => string, language: string): ListCard {
  return {
    key: `${customer.company}-${customer.email}`,
    title: <CustomerLinks customer={customer} opensCard />,
    fields: [
      { label: t('contactPerson'), value: customer.contactPerson },
      { label: t('email'), value: <span className="break-all">{customer.email}</span> },
      { label: t('telephone'), value: customer.telephone },
      { label: t('cityStateCountry'), value: customer.cityStateCountry },
      { label: t('bookingCount'), value: <span className="tabular-nums">{customer.bookingCount}</span> },
      { label: t('lastBooking'), value: formatDisplayDate(customer.lastBookingAt, language) },
    ],
  };
}
