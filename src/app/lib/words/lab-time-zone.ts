// The laboratory's time zone (the server's LAB_TIME_ZONE, told in GET /api/app-config): the app
// shows every date and time in it, not in the browser's zone, so a screen, the certificate and the
// report files name the same day. Kept in localStorage so an offline start knows it too.
export const LAB_TIME_ZONE_KEY = 'isotope-lab.lab-time-zone';
const DEFAULT_ZONE = 'Asia/Ho_Chi_Minh';

function stored(): string | null {
  try {
    return localStorage.getItem(LAB_TIME_ZONE_KEY);
  } catch {
    return null;
  }
}

let zone = stored() ?? DEFAULT_ZONE;

export const labTimeZone = (): string => zone;

/** Whether an earlier start learned the zone (this one may show dates before asking again). */
export const knowsLabTimeZone = (): boolean => stored() !== null;

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
    localStorage.setItem(LAB_TIME_ZONE_KEY, next);
  } catch {
    // Private mode or a full quota: the zone is still known for this visit.
  }
}
