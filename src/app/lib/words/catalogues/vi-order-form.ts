import type { Catalogue } from './by-namespace';

// Vietnamese: what the public order form adds to the start texts (text-groups.ts).
export default import.meta.glob<Catalogue>('../../../../shared/locales/vi/{bookings,submittal,date-picker}.json', {
  eager: true,
  import: 'default',
});
