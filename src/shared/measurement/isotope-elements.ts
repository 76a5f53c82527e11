/**
 * The stable isotopes the laboratory measures, each kept in a column of its own: the reference
 * records, the origin model and the screens read this one list. Further elements come from the
 * reference data (otherElements).
 */
export const isotopeElements = ['d13C', 'd2H', 'd18O', 'd15N', 'd34S'] as const;
export type IsotopeElement = (typeof isotopeElements)[number];
