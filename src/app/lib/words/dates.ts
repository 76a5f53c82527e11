import dayjs from 'dayjs';
import 'dayjs/locale/vi';
import { i18n } from './i18n';

// Dates in the user's language. The app imports dayjs from here, never from 'dayjs' itself, so the
// locale follows the language wherever a date is shown, and a page without dates (the sign-in page)
// starts without dayjs.
dayjs.locale(i18n.language);
i18n.on('languageChanged', (language) => dayjs.locale(language));

export { dayjs };
export type { Dayjs } from 'dayjs';
