import { eq, inArray } from 'drizzle-orm';
import { kindOf, type CustodyValueKind } from '../../../shared/workflow/custody-catalogue.ts';
import { noReferences, type CustodyReferences } from '../../../shared/workflow/custody-format.ts';
import type { Executor } from '../../db/client.ts';
import { appUser, cleanIsotopeRecord, country, dispatchBatch, role, storedFile } from '../../db/schema.ts';
import { auditTrail } from './audit.ts';
import { verifyAuditChain } from './audit-verification.ts';
import { fileUrl } from '../files.ts';

// The chain of custody as people read it: a sample's timeline, with every person, package, file,
// country and clean record its records name resolved to what a reader knows them by, and the check
// of the audit chain.

export type TimelineEvent = {
  id: number;
  at: Date;
  action: string;
  fromStatus: string | null;
  toStatus: string | null;
  changes: Record<string, { from: unknown; to: unknown }>;
  reason: string | null;
  actorId: number | null;
  /** The name as recorded when the record was written. */
  actorName: string | null;
  /** Who acted, by name and the role their account holds. */
  actor: { name: string; role: string | null } | null;
  /** The hash that chains this record to the one before (audit.ts). */
  hash: string;
  /** What this record's changes name, resolved (custody-catalogue.ts says which fields name what). */
  references: CustodyReferences;
};

type Referenced = Record<'person' | 'package' | 'file' | 'country' | 'cleanRecord', Set<string>>;

const REFERENCE_KINDS: Partial<Record<CustodyValueKind, keyof Referenced>> = {
  person: 'person',
  package: 'package',
  file: 'file',
  files: 'file',
  country: 'country',
  cleanRecord: 'cleanRecord',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isId = (value: string) => /^\d{1,9}$/.test(value);

/** The values of a change that name another record, by what they name. */
function collect(into: Referenced, field: string, value: unknown) {
  const target = REFERENCE_KINDS[kindOf(field) ?? 'text'];
  if (!target || value === null || value === undefined) return;
  for (const item of Array.isArray(value) ? value : [value]) {
    // A person recorded by name (older receipts) names no account.
    if (target === 'person' && typeof item !== 'number') continue;
    if (typeof item === 'number' || typeof item === 'string') into[target].add(String(item));
  }
}

/** One query per kind of record named anywhere in these records, however many records name it. */
async function resolveReferences(db: Executor, referenced: Referenced) {
  const persons = [...referenced.person].filter(isId).map(Number);
  const packages = [...referenced.package].filter(isId).map(Number);
  const files = [...referenced.file].filter((id) => UUID.test(id));
  const countries = [...referenced.country];
  const cleanRecords = [...referenced.cleanRecord].filter(isId).map(Number);
  const [personRows, packageRows, fileRows, countryRows, cleanRows] = await Promise.all([
    persons.length
      ? db
          .select({ id: appUser.id, name: appUser.displayName, role: role.name })
          .from(appUser)
          .leftJoin(role, eq(role.id, appUser.roleId))
          .where(inArray(appUser.id, persons))
      : [],
    packages.length
      ? db
          .select({ id: dispatchBatch.id, packageCode: dispatchBatch.packageCode })
          .from(dispatchBatch)
          .where(inArray(dispatchBatch.id, packages))
      : [],
    files.length
      ? db.select({ id: storedFile.id, name: storedFile.name }).from(storedFile).where(inArray(storedFile.id, files))
      : [],
    countries.length
      ? db.select({ code: country.code, name: country.name }).from(country).where(inArray(country.code, countries))
      : [],
    cleanRecords.length
      ? db
          .select({ id: cleanIsotopeRecord.id, sampleCode: cleanIsotopeRecord.sampleCode })
          .from(cleanIsotopeRecord)
          .where(inArray(cleanIsotopeRecord.id, cleanRecords))
      : [],
  ]);
  const all = noReferences();
  for (const p of personRows) all.persons[String(p.id)] = { name: p.name, role: p.role ?? null };
  for (const p of packageRows) all.packages[String(p.id)] = { packageCode: p.packageCode };
  for (const f of fileRows) all.files[f.id] = { name: f.name, url: fileUrl(f.id) };
  for (const c of countryRows) all.countries[c.code] = { name: c.name };
  for (const c of cleanRows) all.cleanRecords[String(c.id)] = { sampleCode: c.sampleCode };
  return all;
}

const emptyReferenced = (): Referenced => ({
  person: new Set(),
  package: new Set(),
  file: new Set(),
  country: new Set(),
  cleanRecord: new Set(),
});

/** The part of the resolved references one record names. */
function referencesOf(all: CustodyReferences, referenced: Referenced): CustodyReferences {
  const pick = <T>(from: Record<string, T>, keys: Set<string>) =>
    Object.fromEntries([...keys].filter((key) => Object.hasOwn(from, key)).map((key) => [key, from[key]!]));
  return {
    persons: pick(all.persons, referenced.person),
    packages: pick(all.packages, referenced.package),
    files: pick(all.files, referenced.file),
    countries: pick(all.countries, referenced.country),
    cleanRecords: pick(all.cleanRecords, referenced.cleanRecord),
  };
}

/**
 * Every audit record of one sample entry, oldest first: who (name and role), when, action, from,
 * to, what changed (with what it names resolved) and why.
 */
export async function sampleTimeline(db: Executor, sampleEntryId: number): Promise<TimelineEvent[]> {
  const rows = await auditTrail(db, 'sample_entry', sampleEntryId);
  const named = rows.map((row) => {
    const referenced = emptyReferenced();
    if (row.actorId != null) referenced.person.add(String(row.actorId));
    for (const [field, change] of Object.entries(row.changes)) {
      collect(referenced, field, change.from);
      collect(referenced, field, change.to);
    }
    return referenced;
  });
  const everything = emptyReferenced();
  for (const referenced of named) {
    for (const kind of Object.keys(everything) as (keyof Referenced)[]) {
      for (const key of referenced[kind]) everything[kind].add(key);
    }
  }
  const all = await resolveReferences(db, everything);
  return rows.map((row, index) => {
    const account = row.actorId != null ? all.persons[String(row.actorId)] : undefined;
    const name = row.actorName ?? account?.name ?? null;
    return {
      id: row.id,
      at: row.at,
      action: row.action,
      fromStatus: row.fromStatus,
      toStatus: row.toStatus,
      changes: row.changes,
      reason: row.reason,
      actorId: row.actorId,
      actorName: row.actorName,
      actor: name ? { name, role: account?.role ?? null } : null,
      hash: row.hash,
      references: referencesOf(all, named[index]!),
    };
  });
}

/** The full check (GET /api/audit/verify): every record from the first, and the anchors. */
export async function verifyCustodyChain(db: Executor) {
  return verifyAuditChain(db);
}
