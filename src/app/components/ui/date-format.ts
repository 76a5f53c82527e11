/** How every screen shows a calendar date (spec 9), in the interface language: `21 November 2026`. */
export const DISPLAY_FORMAT = 'D MMMM YYYY';
