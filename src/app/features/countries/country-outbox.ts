import type { components } from '@/shared/api-types';
import type { CountryInput } from '@/shared/schemas/countries';
import { i18n } from '@/app/lib/i18n';
import { enqueueMutation } from '@/app/offline/outbox';

/**
 * Country changes go through the outbox so they work offline: they show at once as pending in the
 * list and are sent in order when the server can be reached (DESIGN.md 7).
 */
export type Country = components['schemas']['Country'];
export const COUNTRY_LIST = 'countries';
export const COUNTRY_PATH = '/api/country';

export function queueCountryCreate(input: CountryInput) {
  return enqueueMutation({
    method: 'POST',
    path: COUNTRY_PATH,
    body: input,
    label: i18n.t('countries:outbox.create', { code: input.code, name: input.name }),
    entity: { list: COUNTRY_LIST },
  });
}

export function queueCountryUpdate(country: Pick<Country, 'id' | 'version'>, input: CountryInput) {
  return enqueueMutation({
    method: 'PUT',
    path: `${COUNTRY_PATH}?id=${country.id}`,
    body: { ...input, version: country.version },
    label: i18n.t('countries:outbox.update', { code: input.code, name: input.name }),
    entity: { list: COUNTRY_LIST, id: country.id },
  });
}

export function queueCountryDelete(country: Pick<Country, 'id' | 'code' | 'name'>) {
  return enqueueMutation({
    method: 'DELETE',
    path: `${COUNTRY_PATH}?id=${country.id}`,
    label: i18n.t('countries:outbox.delete', { code: country.code, name: country.name }),
    entity: { list: COUNTRY_LIST, id: country.id },
  });
}
