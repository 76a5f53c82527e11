import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadProblem, useLoadProblem } from '@/app/components/load-problem';
import { Spinner } from '@/app/components/ui/spinner';
import { useMediaQuery } from '@/app/lib/use-media-query';

/** One labelled fact of a list card: what the table would show in a column. */
type CardField = { label: string; value: ReactNode };

export type ListCard = {
  key: string | number;
  /**
   * The record's name, as the link or button that opens it. Give it `OPENS_CARD`: the whole card then
   * answers a tap, as a table row does, while assistive technology still meets one named control.
   */
  title: ReactNode;
  /** Shown beside the title, such as the status badge. */
  badge?: ReactNode;
  fields: CardField[];
  /** Further controls (their own taps, above the card's). */
  actions?: ReactNode;
};

/** Stretches the title's link or button over its card, so tapping anywhere on the card opens it. */
export const OPENS_CARD = 'after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none';

/**
 * Whether a list is read as cards (below 640 px, Tailwind's `sm`) or as a table. Only the one shown is
 * drawn: drawing both and hiding one with CSS doubled the work of a list's first paint on every tablet.
 */
export function useListAsCards(): boolean {
  return useMediaQuery('(max-width: 639.98px)');
}

/**
 * A list at phone width (`useListAsCards`): each row becomes a card with the row's key fields and their
 * labels, because a table that narrow must either scroll sideways or hide what the user came for.
 * While loading, when empty or when the list could not be loaded it says so, as the table's status
 * row does.
 */
export function ListCards<T>({
  label,
  items,
  isLoading,
  error,
  card,
}: {
  /** The list's name for assistive technology. */
  label: string;
  items: readonly T[];
  isLoading: boolean;
  error: unknown;
  card: (item: T) => ListCard;
}) {
  const { t } = useTranslation('common');
  const problem = useLoadProblem(error);
  if (items.length === 0) {
    return (
      <div className="grid h-24 place-items-center text-center text-sm text-muted-foreground">
        {isLoading ? <Spinner className="size-6" /> : problem ? <LoadProblem message={problem} /> : t('noData')}
      </div>
    );
  }
  return (
    <ul className="grid gap-3" aria-label={label} data-testid="list-cards">
      {items.map((item) => {
        const { key, title, badge, fields, actions } = card(item);
        return (
          <li
            key={key}
            className="relative rounded-lg border p-3 transition-colors hover:bg-muted/50 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring"
          >
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0 font-medium break-words">{title}</div>
              {badge}
            </div>
            <dl className="mt-2 grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
              {fields.map((field) => (
                <Fragment key={field.label}>
                  <dt className="text-muted-foreground">{field.label}</dt>
                  <dd className="break-words">{field.value}</dd>
                </Fragment>
              ))}
            </dl>
            {actions && <div className="relative z-10 mt-2 flex justify-end gap-1">{actions}</div>}
          </li>
        );
      })}
    </ul>
  );
}
