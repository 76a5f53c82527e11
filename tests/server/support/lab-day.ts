import { dayInTimeZone } from '../../../src/shared/display-date.ts';

/**
 * Today as the laboratory names it (the test server's LAB_TIME_ZONE, Ho Chi Minh City): what a
 * date-only filter means. UTC's day would be yesterday there from 17:00 UTC on, and a test that
 * filtered on it would fail every evening.
 */
export const labToday = (): string => dayInTimeZone(new Date(), 'Asia/Ho_Chi_Minh');
