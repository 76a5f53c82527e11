import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { cn } from './cn';

export function Table({ className, ...props }: ComponentProps<'table'>) {
  const scrollBox = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  // A table wider than its box scrolls sideways; keyboard users must be able to reach and scroll it
  // (WCAG 2.1.1, axe: scrollable-region-focusable), so the box takes a tab stop only then.
  useEffect(() => {
    const box = scrollBox.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    // The observer reports each box once it is laid out, before it is painted: measured then, not
    // here, where reading the widths would make the browser lay the page out before its first paint.
    const observer = new ResizeObserver(() => setScrolls(box.scrollWidth > box.clientWidth + 1));
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={scrollBox} className="relative w-full overflow-x-auto" tabIndex={scrolls ? 0 : undefined}>
      <table className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('[&_tr]:border-b', className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export function TableFooter({ className, ...props }: ComponentProps<'tfoot'>) {
  return <tfoot className={cn('border-t bg-muted/50 [&>tr]:last:border-b-0', className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={cn('border-b transition-colors hover:bg-muted/50', className)} {...props} />;
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      className={cn('h-10 px-2 text-left align-middle font-medium whitespace-nowrap text-muted-foreground', className)}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('p-2 align-middle whitespace-nowrap', className)} {...props} />;
}
