import type { ReactNode } from 'react';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@/app/components/ui/tooltip';

/** The mini sidebar's tooltips, fetched once the screen has painted (sidebar.tsx). */
export const SidebarTooltips = TooltipProvider;

/** An entry's name beside its icon, on hover and focus. */
export function SidebarTooltip({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent side="right">{label}</TooltipContent>
    </Tooltip>
  );
}
