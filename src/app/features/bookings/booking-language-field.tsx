import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OptionSelect } from '@/app/components/option-select';
import { handleError } from '@/app/lib/api/handle-error';
import { toast } from '@/app/lib/toast';
import { LANGUAGES, type Language } from '@/shared/language';
import { apiClient, BOOKINGS_KEY } from './booking-queries';

/**
 * The language the booking's client is written to (its mails and certificate): the form's language
 * when it was made; staff who may enter bookings correct it here.
 */
export function BookingLanguageField({
  id,
  language,
  canChange,
}: {
  id: number;
  language: Language;
  canChange: boolean;
}) {
  const { t } = useTranslation('bookings');
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: async (next: Language) => {
      const { api, unwrap } = await apiClient();
      return unwrap(api.PUT('/api/bookings/language', { body: { id, language: next } }));
    },
    onSuccess: () => toast.success(t('common:success'), { description: t('detail.languageChanged') }),
    onError: (error) => handleError(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BOOKINGS_KEY }),
  });
  const options = LANGUAGES.map((value) => ({ value, label: t(`detail.languages.${value}`) }));
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span id="booking-language-label" className="text-muted-foreground">
        {t('detail.language')}
      </span>
      {canChange ? (
        <OptionSelect
          id="booking-language"
          label={t('detail.language')}
          value={language}
          options={options}
          onValueChange={(next) => change.mutate(next as Language)}
          className="w-40"
        />
      ) : (
        <span aria-labelledby="booking-language-label">{t(`detail.languages.${language}`)}</span>
      )}
    </div>
  );
}
