import { Link } from '@tanstack/react-router';
import { ArrowLeftIcon } from 'lucide-react';
import { Button } from '@/app/components/ui/button';

/** The lists a detail or form screen goes back to. */
export type BackTarget =
  '/bookings' | '/clients' | '/testers' | '/supervisor-samples' | '/thirdlab-runs' | '/reference-materials';

/** A screen's way back to its list, in the header beside the screen's actions. */
export function BackButton({
  to,
  label,
  variant = 'ghost',
}: {
  to: BackTarget;
  label: string;
  /** Ghost beside a title; outline among other outlined actions. */
  variant?: 'ghost' | 'outline';
}) {
  return (
    <Button variant={variant} size={variant === 'ghost' ? 'sm' : 'default'} asChild>
      <Link to={to}>
        <ArrowLeftIcon />
        {label}
      </Link>
    </Button>
  );
}
