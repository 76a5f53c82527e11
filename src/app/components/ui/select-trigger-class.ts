/** The look of a select's button, shared by the Radix one (select.tsx) and the one shown until it is fetched (option-select.tsx). */
export const selectTriggerClass =
  'flex h-9 w-full items-center justify-between gap-2 rounded-md border border-input bg-transparent px-3 py-2 text-sm whitespace-nowrap shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring disabled:opacity-50 aria-invalid:border-destructive data-[placeholder]:text-muted-foreground';
