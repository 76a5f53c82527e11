import type { ComponentProps, ReactNode } from 'react';
import { Input } from '@/app/components/ui/input';
import { Label } from '@/app/components/ui/label';

/** A control with its label above it, as the filters of reports and the dashboard stand. */
export function LabelledControl({
  id,
  label,
  labelClassName,
  children,
}: {
  id: string;
  label: ReactNode;
  labelClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id} className={labelClassName}>
        {label}
      </Label>
      {children}
    </div>
  );
}

/** An input with its label above it; the rest of its props go to the input. */
export function LabelledInput({
  id,
  label,
  ...input
}: { id: string; label: ReactNode } & ComponentProps<typeof Input>) {
  return (
    <LabelledControl id={id} label={label}>
      <Input id={id} {...input} />
    </LabelledControl>
  );
}
