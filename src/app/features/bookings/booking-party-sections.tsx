import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { BookingFormValues } from '@/shared/schemas/booking';
import { CheckboxField, FormSection, NotesField, TextField } from './booking-form-fields';
import type { BookingChannel } from './booking-queries';

// The booking form's sections about the parties: who applies, who pays, the factory and the retailer.

// ---- 1. applicant ------------------------------------------------------------------------------

export function ApplicantSection({ channel }: { channel: BookingChannel }) {
  const { t } = useTranslation('bookings');
  return (
    <FormSection section="applicant">
      {/* Two columns on wide screens (spec 9). */}
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

// ---- 3. payer ----------------------------------------------------------------------------------

export function PayerSection() {
  const { t } = useTranslation('bookings');
  const { control } = useFormContext<BookingFormValues>();
  const isSame = useWatch({ control, name: 'payerInfo.isTheSameClientInfo' });
  return (
    <FormSection section="payer">
      <CheckboxField path="payerInfo.isTheSameClientInfo" inverted label={t('form.payer.differs')} />
      {isSame === false && (
        <div className="grid items-start gap-4 md:grid-cols-2" data-testid="payer-fields">
          <TextField path="payerInfo.companyName" label={t('form.payer.companyName')} required />
          <TextField path="payerInfo.contactName" label={t('form.payer.contactName')} required />
          <TextField path="payerInfo.phone" label={t('form.payer.phone')} type="tel" required />
          <TextField path="payerInfo.email" label={t('form.payer.email')} type="email" required />
          <TextField path="payerInfo.address" label={t('form.payer.address')} required />
          <TextField path="payerInfo.cityStateCountry" label={t('form.payer.cityStateCountry')} required />
          <TextField
            path="payerInfo.sendInvoiceToEmail"
            label={t('form.payer.sendInvoiceToEmail')}
            type="email"
            required
          />
        </div>
      )}
    </FormSection>
  );
}

// ---- 4. factory --------------------------------------------------------------------------------

export function FactorySection() {
  const { t } = useTranslation('bookings');
  const { control } = useFormContext<BookingFormValues>();
  const isEnabled = useWatch({ control, name: 'factoryInfo.enabled' });
  return (
    <FormSection section="factory">
      <CheckboxField path="factoryInfo.enabled" label={t('form.factory.enabled')} />
      {isEnabled === true && (
        <div className="grid items-start gap-4 md:grid-cols-2" data-testid="factory-fields">
          <TextField path="factoryInfo.factoryName" label={t('form.factory.factoryName')} required />
          <TextField path="factoryInfo.contactName" label={t('form.factory.contactName')} required />
          <TextField path="factoryInfo.phone" label={t('form.factory.phone')} type="tel" required />
          <TextField path="factoryInfo.email" label={t('form.factory.email')} type="email" required />
          <TextField path="factoryInfo.address" label={t('form.factory.address')} required />
          <TextField path="factoryInfo.cityStateCountry" label={t('form.factory.cityStateCountry')} required />
          <NotesField path="factoryInfo.notes" label={t('form.factory.notes')} className="md:col-span-2" />
        </div>
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
