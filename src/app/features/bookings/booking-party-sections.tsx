import { useTranslation } from 'react-i18next';
import { useFormValue } from '@/app/lib/form-state';
import {
  CheckboxField,
  FormSection,
  NotesField,
  TextField,
  useBookingFormState,
  type BookingPath,
} from './booking-form-fields';
import { FACTORY_FIELDS, PAYER_FIELDS, type PartyField } from './booking-parties';
import type { BookingChannel } from './booking-queries';

// The booking form's sections about the parties: who applies, who pays, the factory and the retailer.

// ---- 1. applicant ------------------------------------------------------------------------------

export function ApplicantSection({ channel }: { channel: BookingChannel }) {
  const { t } = useTranslation('bookings');
  return (
    <FormSection section="applicant">
      {/* Two columns on wide screens. */}
      <div className="grid items-start gap-4 md:grid-cols-2">
        <TextField
          path="applicantContactPerson"
          label={t('form.applicant.contactPerson')}
          required
          autoComplete="name"
        />
        <TextField path="applicantCompany" label={t('form.applicant.company')} required autoComplete="organization" />
        <TextField path="telephone" label={t('form.applicant.telephone')} type="tel" required autoComplete="tel" />
        <TextField path="email" label={t('form.applicant.email')} type="email" required autoComplete="email" />
        <TextField path="address" label={t('form.applicant.address')} required autoComplete="street-address" />
        <TextField path="cityStateCountry" label={t('form.applicant.cityStateCountry')} required />
        <TextField
          path="emailReportToEmail"
          label={t('form.applicant.emailReportTo')}
          type="email"
          hint={t('form.applicant.emailReportToHint')}
        />
      </div>
      <CheckboxField
        path="isAgreeRegistration"
        label={t(channel === 'public' ? 'form.applicant.agreeRegistration' : 'form.applicant.agreeRegistrationStaff')}
      />
    </FormSection>
  );
}

/** A party's details, all required but the notes, two to a row on wide screens. */
function PartyFields({
  party,
  words,
  fields,
  testId,
}: {
  party: 'payerInfo' | 'factoryInfo';
  words: string;
  fields: readonly PartyField[];
  testId: string;
}) {
  const { t } = useTranslation('bookings');
  return (
    <div className="grid items-start gap-4 md:grid-cols-2" data-testid={testId}>
      {fields.map(({ name, type, notes }) => {
        const path = `${party}.${name}` as BookingPath;
        const label = t(`${words}.${name}`);
        return notes ? (
          <NotesField key={name} path={path} label={label} className="md:col-span-2" />
        ) : (
          <TextField key={name} path={path} label={label} type={type} required />
        );
      })}
    </div>
  );
}

// ---- 3. payer ----------------------------------------------------------------------------------

export function PayerSection() {
  const { t } = useTranslation('bookings');
  const isSame = useFormValue(useBookingFormState(), 'payerInfo.isTheSameClientInfo');
  return (
    <FormSection section="payer">
      <CheckboxField path="payerInfo.isTheSameClientInfo" inverted label={t('form.payer.differs')} />
      {isSame === false && (
        <PartyFields party="payerInfo" words="form.payer" fields={PAYER_FIELDS} testId="payer-fields" />
      )}
    </FormSection>
  );
}

// ---- 4. factory --------------------------------------------------------------------------------

export function FactorySection() {
  const { t } = useTranslation('bookings');
  const isEnabled = useFormValue(useBookingFormState(), 'factoryInfo.enabled');
  return (
    <FormSection section="factory">
      <CheckboxField path="factoryInfo.enabled" label={t('form.factory.enabled')} />
      {isEnabled === true && (
        <PartyFields party="factoryInfo" words="form.factory" fields={FACTORY_FIELDS} testId="factory-fields" />
      )}
    </FormSection>
  );
}

// ---- 5. retailer -------------------------------------------------------------------------------

export function RetailerSection() {
  const { t } = useTranslation('bookings');
  return (
    <FormSection section="retailer">
      <div className="grid items-start gap-4 md:grid-cols-2">
        <TextField path="retailerInfo.retailerName" label={t('form.retailer.retailerName')} />
        <NotesField path="retailerInfo.notes" label={t('form.retailer.notes')} rows={2} />
      </div>
    </FormSection>
  );
}
