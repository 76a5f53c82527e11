import { createFileRoute } from '@tanstack/react-router';
import { CountriesPage } from '@/app/features/countries/countries-page';

export const Route = createFileRoute('/_authenticated/settings/countries')({ component: CountriesPage });
