// The details the booking form asks of the one who pays (when not the applicant) and of the factory
// (when there is one), in the form's order: the form asks them and Booking Detail shows them from
// these lists. Their words are `form.payer.<name>` and `form.factory.<name>`.

export type PartyField = { name: string; type?: 'tel' | 'email'; notes?: boolean };

export const PAYER_FIELDS: readonly PartyField[] = [
  { name: 'companyName' },
  { name: 'contactName' },
  { name: 'phone', type: 'tel' },
  { name: 'email', type: 'email' },
  { name: 'address' },
  { name: 'cityStateCountry' },
  { name: 'sendInvoiceToEmail', type: 'email' },
];

export const FACTORY_FIELDS: readonly PartyField[] = [
  { name: 'factoryName' },
  { name: 'contactName' },
  { name: 'phone', type: 'tel' },
  { name: 'email', type: 'email' },
  { name: 'address' },
  { name: 'cityStateCountry' },
  { name: 'notes', notes: true },
];
