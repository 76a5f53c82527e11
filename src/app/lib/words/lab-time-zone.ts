// The laboratory's time zone (the server's LAB_TIME_ZONE, told in GET /api/app-config): the app
// shows every date and time in it, not in the browser's zone, so a screen, the certificate and the
// report files name the same day. Kept in localStorage so an offline start knows it too.
const STORED = 'isotope-lab.lab-time-zone';
const DEFAULT_ZONE = 'Asia/Ho_Chi_Minh';

function stored(): string | null {
  try {
    return localStorage.getItem(STORED);
  } catch {
    return null;
  }
}

let zone = stored() ?? DEFAULT_ZONE;

export const labTimeZone = (): string => zone;

/** The zone the server named; remembered for the next (perhaps offline) start. */
export function learnLabTimeZone(next: string | undefined): void {
  if (!next) return;
  try {
    new Intl.DateTimeFormat('en', { timeZone: next });
  } catch {
    return;
  }
  zone = next;
  try {
    localStorage.setItem(STORED, next);
  } catch {
    // Private mode or a full quota: the zone is still known for this visit.
  }
}
