import { createFileRoute } from '@tanstack/react-router';
import { SubmittalFormPage } from '@/app/features/bookings/submittal-form-page';

export const Route = createFileRoute('/booking/isotope-submittal-form')({ component: SubmittalFormPage });
