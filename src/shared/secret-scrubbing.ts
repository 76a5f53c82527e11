// What must never leave the laboratory in an error report: passwords, access and refresh tokens,
// password-reset links, Authorization headers and cookies. Used by the server's and the app's error
// reporting alike, on the whole event just before it is sent.

const FILTERED = '[Filtered]';

const SECRET_KEY = /pass(word)?|secret|token|authori[sz]ation|cookie|api[-_]?key|reset|credential|session/i;

const SECRET_TEXT: [RegExp, string][] = [
  // Authorization: Bearer <token>
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${FILTERED}`],
  // JSON Web Tokens anywhere in a message
  [/\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, FILTERED],
  // token=…, password=… in a query string or form body (reset links carry their token this way)
  [/([?&;\s](?:[a-z_]*token|password|pass|secret|code)=)[^&#\s"']+/gi, `$1${FILTERED}`],
  // the values a failed query was sent with (Drizzle puts them in its message): anything personal
  [/(\bparams: ).*/g, `$1${FILTERED}`],
  // credentials in a connection string: postgres://user:password@host
  [/(\b[a-z][a-z0-9+.-]*:\/\/[^:/@\s]+:)[^@\s]+@/gi, `$1${FILTERED}@`],
];

function scrubText(text: string): string {
  return SECRET_TEXT.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

/** A copy with every value under a secret-sounding key replaced, and secrets inside text masked. */
export function scrubSecrets<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return scrubText(value) as T;
  if (!value || typeof value !== 'object' || depth > 12) return value;
  if (Array.isArray(value)) return value.map((item) => scrubSecrets(item, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = SECRET_KEY.test(key) && item !== null && item !== undefined ? FILTERED : scrubSecrets(item, depth + 1);
  }
  return out as T;
}
