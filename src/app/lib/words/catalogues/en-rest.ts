import type { Catalogue } from './by-namespace';

// English: every other text, the staff screens' (text-groups.ts).
export default import.meta.glob<Catalogue>(
  [
    '../../../../shared/locales/en/*.json',
    '!../../../../shared/locales/en/{common,layout,auth,errors,pwa,validation,bookings,submittal,date-picker}.json',
  ],
  { eager: true, import: 'default' },
);
