import { ChevronDownIcon, PrinterIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/app/lib/toast';
import { ActionWords } from '@/app/components/list-table';
import { Button, type ButtonProps } from '@/app/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/app/components/ui/dropdown-menu';
import { Spinner } from '@/app/components/ui/spinner';
import { handleError } from '@/app/lib/api/handle-error';
import type { LabelLayout } from '@/shared/labels';
import { openLabelsPdf, type LabelSource } from './labels-api';

export type PrintLabelsButtonProps = {
  source: LabelSource;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  /** In a table row: the words give way to the icon below 1024 px (they stay the button's name). */
  compact?: boolean;
  className?: string;
};

/**
 * "Print label(s)": the QR labels of a sample, a booking or a dispatch batch as a PDF in a new tab,
 * as single 62 × 29 mm labels (label printer) or an A4 sheet of 3 × 8.
 */
export function PrintLabelsButton({
  source,
  variant = 'outline',
  size = 'sm',
  className,
  compact,
}: PrintLabelsButtonProps) {
  const { t } = useTranslation('labels');
  const [busy, setBusy] = useState(false);

  const print = async (layout: LabelLayout) => {
    // Opened now, while the click is a user gesture; filled once the PDF arrives.
    const target = window.open('', '_blank');
    setBusy(true);
    try {
      const { downloaded } = await openLabelsPdf(source, layout, target);
      if (downloaded) toast.info(t('popupBlocked'));
    } catch (error) {
      handleError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant={variant} size={size} className={className} disabled={busy} aria-busy={busy}>
          {busy ? <Spinner /> : <PrinterIcon />}
          {compact ? (
            <ActionWords>{t(source.kind === 'sample' ? 'print' : 'printMany')}</ActionWords>
          ) : (
            t(source.kind === 'sample' ? 'print' : 'printMany')
          )}
          <ChevronDownIcon />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => void print('label')}>{t('layoutLabel')}</DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void print('a4')}>{t('layoutA4')}</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
