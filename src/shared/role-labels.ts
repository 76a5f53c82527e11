import { seededRoles } from './permissions.ts';

// A role as a person reads it. The roles the laboratory starts with are stored by code-like names
// (hoanVuLab, CustomerService) that no screen, file or mail shows: each has a label in both languages
// (locales/<lang>/roles.json, `names`). A role an administrator created is shown by the name they gave it.

type Translate = (key: string, options: { defaultValue: string }) => string;

const seededRoleNames: ReadonlySet<string> = new Set(seededRoles.map((role) => role.name));

/** The key of a seeded role's label (`roles:names.<name>`), or null for a role an administrator created. */
function roleLabelKey(name: string): string | null {
  return seededRoleNames.has(name) ? `roles:names.${name}` : null;
}

/** The role's label in the reader's language (through their translator), else its stored name. */
export function roleLabel(name: string, t: Translate): string {
  const key = roleLabelKey(name);
  if (!key) return name;
  const label = t(key, { defaultValue: name });
  // A translator that answers a missing key with the key itself still never shows the code name.
  return label && label !== key ? label : name;
}
