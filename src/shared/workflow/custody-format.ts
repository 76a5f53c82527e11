import { formatDelta, formatUncertainty } from '../certificate.ts';
import {
  actionLabelKey,
  choiceLabelKey,
  fieldLabelKey,
  kindOf,
  readableName,
  systemReasons,
  type CustodyValueKind,
} from './custody-catalogue.ts';
import { formatGrams } from '../measurement/quantities.ts';
import { roleLabel } from '../role-labels.ts';
import { isotopeFields, uncertaintyFields } from '../schemas/third-lab.ts';

// One reading of a custody record, for the screen (bench/detail/custody-timeline.tsx) and for the custody
// PDF and CSV the server writes (services/custody/custody-document.ts): when, who, what, and each changed
// field by its label with its old and new values as the screens show them. Pure: the caller brings
// the translation and its date format, so both sides read a record in the reader's language alike.

/** What the server resolved for a record: every person, package, file, country and clean record it names. */
export type CustodyReferences = {
  persons: Record<string, { name: string; role: string | null }>;
  packages: Record<string, { packageCode: string }>;
  files: Record<string, { name: string; url: string }>;
  countries: Record<string, { name: string }>;
  cleanRecords: Record<string, { sampleCode: string }>;
};

export const noReferences = (): CustodyReferences => ({
  persons: {},
  packages: {},
  files: {},
  countries: {},
  cleanRecords: {},
});

export type CustodyRecord = {
  at: string | Date;
  action: string;
  fromStatus: string | null;
  toStatus: string | null;
  /** Each changed field's value before and after (a value absent from JSON is none). */
  changes: Record<string, { from?: unknown; to?: unknown }>;
  reason: string | null;
  actorId: number | null;
  actorName: string | null;
  references?: CustodyReferences;
};

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export type CustodyReading = {
  t: Translate;
  /** The app's date format for a date or a moment (ISO text). */
  formatDate: (value: string) => string;
};

/** One shown value: a word, a number with its unit, a person's name, a file (with its address). */
export type ShownItem = { text: string; url?: string; fileId?: string };

export type ShownChange = { field: string; label: string; from: ShownItem[]; to: ShownItem[] };

export type ShownRecord = {
  when: string;
  who: string;
  role: string | null;
  what: string;
  fromStatus: string | null;
  toStatus: string | null;
  changes: ShownChange[];
  reason: string | null;
};

const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;

/** The label of a field in the reader's language; a field the catalogue does not know yet reads as words. */
function fieldLabel(field: string, t: Translate): string {
  return t(fieldLabelKey(field), { defaultValue: readableName(field) });
}

function actionLabel(action: string, t: Translate): string {
  return t(actionLabelKey(action), { defaultValue: readableName(action) });
}

function statusLabel(status: string, t: Translate): string {
  return t(`samples:status.${status}`, { defaultValue: readableName(status) });
}

/** A reason the server wrote, in the reader's language; a person's own words as typed. */
function reasonText(reason: string | null, t: Translate): string | null {
  if (!reason) return null;
  for (const known of systemReasons) {
    const match = known.pattern.exec(reason);
    if (!match) continue;
    const params = Object.fromEntries(known.params.map((name, index) => [name, match[index + 1] ?? '']));
    return t(`custody:reason.${known.key}`, { ...params, defaultValue: reason });
  }
  return reason;
}

const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

const keyOf = (value: unknown) => (typeof value === 'number' || typeof value === 'string' ? String(value) : '');

function numberText(value: unknown): string {
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? String(Number(number.toFixed(6))) : String(value);
}

function itemsOf(
  field: string,
  kind: CustodyValueKind | undefined,
  value: unknown,
  reading: CustodyReading,
  refs: CustodyReferences,
): ShownItem[] {
  const { t, formatDate } = reading;
  if (isEmpty(value)) return [];
  const one = (text: string): ShownItem[] => [{ text }];
  switch (kind) {
    case 'text':
      return typeof value === 'object' ? generic(value, reading) : one(String(value));
    case 'number':
      return one(numberText(value));
    case 'weight':
      return one(formatGrams(Number(value)));
    case 'delta':
      return one(formatDelta(Number(value)));
    case 'uncertainty':
      return one(formatUncertainty(Number(value)));
    case 'boolean':
      return one(t(value ? 'custody:value.yes' : 'custody:value.no'));
    case 'date':
    case 'dateTime':
      return one(formatDate(String(value)) || String(value));
    case 'person': {
      const person = refs.persons[keyOf(value)];
      if (person) return one(person.name);
      return one(typeof value === 'number' ? t('custody:value.unknownPerson') : String(value));
    }
    case 'role':
      return one(roleLabel(String(value), t));
    case 'package':
      return one(refs.packages[keyOf(value)]?.packageCode ?? t('custody:value.unknownPackage'));
    case 'file':
    case 'files':
      return (Array.isArray(value) ? value : [value]).map((id) => {
        const file = refs.files[keyOf(id)];
        return file ? { text: file.name, url: file.url, fileId: keyOf(id) } : { text: t('custody:value.unknownFile') };
      });
    case 'ratioMap':
      if (typeof value !== 'object') return one(String(value));
      return Object.entries(value as Record<string, unknown>).map(([region, share]) => ({
        text: t('custody:value.ratio', { region, share: numberText(share) }),
      }));
    case 'status':
      return one(statusLabel(String(value), t));
    case 'country':
      return one(refs.countries[keyOf(value)]?.name ?? String(value));
    case 'choice':
      return one(t(choiceLabelKey(field, String(value)), { defaultValue: String(value) }));
    case 'cleanRecord':
      return one(refs.cleanRecords[keyOf(value)]?.sampleCode ?? t('custody:value.unknownRecord'));
    case 'thirdLabEntries':
      return (Array.isArray(value) ? value : [value]).map((entry) => ({ text: thirdLabEntryText(entry, reading) }));
    default:
      return generic(value, reading);
  }
}

/** A withdrawn third-lab entry: when it was sent and what it had recorded. */
function thirdLabEntryText(entry: unknown, reading: CustodyReading): string {
  if (!entry || typeof entry !== 'object') return String(entry);
  const row = entry as Record<string, unknown>;
  const sent = typeof row.sentDate === 'string' ? reading.formatDate(row.sentDate) : '';
  const results = isotopeFields
    .filter((isotope) => typeof row[isotope] === 'number')
    .map((isotope) => {
      const uncertainty = row[uncertaintyFields[isotope]];
      return `${fieldLabel(isotope, reading.t)} ${formatDelta(row[isotope] as number, typeof uncertainty === 'number' ? uncertainty : null)}`;
    })
    .join(', ');
  return reading.t(results ? 'custody:value.thirdLabEntryWithResult' : 'custody:value.thirdLabEntry', {
    sent: sent || '—',
    results,
  });
}

/** A value of a field the catalogue does not know: read by what it holds, never as JSON. */
function generic(value: unknown, reading: CustodyReading): ShownItem[] {
  if (isEmpty(value)) return [];
  if (typeof value === 'boolean') return [{ text: reading.t(value ? 'custody:value.yes' : 'custody:value.no') }];
  if (typeof value === 'number') return [{ text: numberText(value) }];
  if (typeof value === 'string') {
    return [{ text: ISO_MOMENT.test(value) ? reading.formatDate(value) || value : value }];
  }
  if (Array.isArray(value)) return value.flatMap((item) => generic(item, reading));
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .filter(([, inner]) => !isEmpty(inner))
      .map(([key, inner]) => ({
        text: `${readableName(key)}: ${generic(inner, reading)
          .map((item) => item.text)
          .join(', ')}`,
      }));
  }
  return [{ text: String(value) }];
}

/** Items as one line of text (the PDF, the CSV, a screen reader): '—' for no value. */
export function itemsText(items: readonly ShownItem[]): string {
  return items.length ? items.map((item) => item.text).join(', ') : '—';
}

/** A whole custody record as a person reads it. */
export function readCustodyRecord(record: CustodyRecord, reading: CustodyReading): ShownRecord {
  const { t, formatDate } = reading;
  const refs = record.references ?? noReferences();
  const actor = record.actorId != null ? refs.persons[String(record.actorId)] : undefined;
  const at = record.at instanceof Date ? record.at.toISOString() : record.at;
  const changes = Object.entries(record.changes)
    // The status is the record's transition; a field that held nothing before and after changed nothing.
    .filter(([field, change]) => field !== 'status' && !(isEmpty(change.from) && isEmpty(change.to)))
    .map(([field, change]) => ({
      field,
      label: fieldLabel(field, t),
      from: itemsOf(field, kindOf(field), change.from, reading, refs),
      to: itemsOf(field, kindOf(field), change.to, reading, refs),
    }));
  return {
    when: formatDate(at),
    who: record.actorName ?? actor?.name ?? t('custody:system'),
    role: actor?.role ? roleLabel(actor.role, t) : null,
    what: actionLabel(record.action, t),
    fromStatus: record.fromStatus ? statusLabel(record.fromStatus, t) : null,
    toStatus: record.toStatus ? statusLabel(record.toStatus, t) : null,
    changes,
    reason: reasonText(record.reason, t),
  };
}
