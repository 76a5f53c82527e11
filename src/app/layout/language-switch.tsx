import { LanguagesIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/app/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/app/components/ui/dropdown-menu';
import { changeLanguage, LANGUAGES } from '@/app/lib/i18n';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation('layout');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        {/* Its name holds what it shows (EN / VI), as speech-input users say what they see. */}
        <Button variant="ghost" size="sm" aria-label={`${t('language')}: ${i18n.language.toUpperCase()}`}>
          <LanguagesIcon />
          <span className="uppercase">{i18n.language}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {LANGUAGES.map((language) => (
          <DropdownMenuItem key={language} lang={language} onSelect={() => void changeLanguage(language)}>
            {t(`languages.${language}`)}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
