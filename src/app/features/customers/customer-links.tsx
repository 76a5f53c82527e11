import { Link } from '@tanstack/react-router';
import { FilePlusIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { hasAnyPermission } from '@/shared/permissions';
import { OPENS_CARD } from '@/app/components/list-cards';
import { Button } from '@/app/components/ui/button';
import { usePermissions } from '@/app/lib/session/use-session';
import type { Customer } from './customer-queries';

/** A customer row opens the company's bookings, and starts a booking for it with its details filled in. */
export function CustomerLinks({ customer, opensCard = false }: { customer: Customer; opensCard?: boolean }) {
  const { t } = useTranslation('customers');
  const held = usePermissions();
  return (
    <span className="flex items-center gap-1">
      <Link
        to="/bookings"
        search={{ search: customer.company }}
        className={`text-primary hover:underline ${opensCard ? OPENS_CARD : ''}`}
      >
        {customer.company}
      </Link>
      {hasAnyPermission(held, ['CanCreateBooking']) && (
        <Button variant="ghost" size="icon" className={opensCard ? 'relative z-10 size-7' : 'size-7'} asChild>
          <Link
            to="/bookings/create-booking"
            search={{
              company: customer.company,
              contactName: customer.contactPerson,
              email: customer.email,
              phone: customer.telephone,
              city: customer.cityStateCountry,
            }}
            aria-label={t('newBookingFor', { company: customer.company })}
            title={t('newBookingFor', { company: customer.company })}
          >
            <FilePlusIcon />
          </Link>
        </Button>
      )}
    </span>
  );
}
