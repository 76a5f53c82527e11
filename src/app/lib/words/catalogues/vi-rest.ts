import type { Catalogue } from './by-namespace';

// Vietnamese: every other text, the staff screens' (text-groups.ts).
export default import.meta.glob<Catalogue>(
  [
    '../../../../shared/locales/vi/*.json',
    '!../../../../shared/locales/vi/{common,layout,auth,errors,pwa,validation,server,bookings,submittal,date-picker}.json',
  ],
  { eager: true, import: 'default' },
);
