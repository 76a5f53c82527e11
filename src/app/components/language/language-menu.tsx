import { useTranslation } from 'react-i18next';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/app/components/ui/dropdown-menu';
import { changeLanguage, LANGUAGES } from '@/app/lib/words/i18n';
import { LanguageButton } from './language-button';

export function LanguageMenu({ defaultOpen }: { defaultOpen: boolean }) {
  const { t } = useTranslation('layout');
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <LanguageButton />
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
