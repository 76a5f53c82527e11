/**
 * How a calendar date is shown (spec 9, DESIGN.md 2): `D MMMM YYYY` ("21 November 2026", "21 tháng
 * 11 2026") in the interface language. Apart from the date picker, so a list that only shows dates
 * starts without the picker, its calendar and popover; and without dayjs, so the order form starts
 * without it. Every screen shows a date through here: the field, the
 * calendar's days, the lists and the bench's date-times. The rule itself is shared with the
 * documents the server prints (shared/display-date.ts).
 */
export { displayDateOf, formatDisplayDate, formatMoment, formatMomentDay, monthNamesOf } from '@/shared/display-date';
