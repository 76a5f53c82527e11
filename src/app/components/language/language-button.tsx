import { LanguagesIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '@/app/components/ui/button';

/** The language menu's button: the same before and after the menu itself is fetched. */
export function LanguageButton(props: ButtonProps) {
  const { t, i18n } = useTranslation('layout');
  return (
    // Its name holds what it shows (EN / VI), as speech-input users say what they see.
    <Button variant="ghost" size="sm" aria-label={`${t('language')}: ${i18n.language.toUpperCase()}`} {...props}>
      <LanguagesIcon />
      <span className="uppercase">{i18n.language}</span>
    </Button>
  );
}
