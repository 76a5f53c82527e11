/** The product's version: the API document's, and the first half of the release errors are reported under. */
export const API_VERSION = '2.1.0';
