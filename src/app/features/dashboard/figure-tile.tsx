import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Card } from '@/app/components/ui/card';
import { cn } from '@/app/components/ui/cn';
import { Skeleton } from '@/app/components/ui/skeleton';

export type FigureTileProps = {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  tone?: 'default' | 'warning' | 'danger';
  isLoading?: boolean;
  /** A link to the list behind the figure. */
  link?: { to: string; search?: Record<string, string> };
  testId?: string;
};

const tones = {
  default: '',
  warning: 'border-amber-400 bg-amber-50 dark:bg-amber-950/30',
  danger: 'border-red-400 bg-red-50 dark:bg-red-950/30',
};

/** One figure of the dashboard; with a link, the tile opens the samples or bookings behind it. */
export function FigureTile({ label, value, hint, tone = 'default', isLoading, link, testId }: FigureTileProps) {
  const body = (
    <Card className={cn('h-full gap-1 px-4 py-3 transition-colors', tones[tone], link && 'hover:bg-accent')}>
      <span className="text-sm text-muted-foreground">{label}</span>
      {isLoading ? (
        <Skeleton className="h-8 w-16" />
      ) : (
        <span className="text-2xl font-semibold tabular-nums" data-testid={testId ? `${testId}-value` : undefined}>
          {value}
        </span>
      )}
      {hint && <span className="text-xs text-muted-foreground">{hint}</span>}
    </Card>
  );
  if (!link) return <div data-testid={testId}>{body}</div>;
  return (
    <Link
      to={link.to}
      search={link.search}
      data-testid={testId}
      className="block rounded-xl focus-visible:ring-[3px] focus-visible:ring-ring outline-none"
    >
      {body}
    </Link>
  );
}
