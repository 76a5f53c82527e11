import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { Checkbox } from '@/app/components/ui/checkbox';
import { cn } from '@/app/components/ui/cn';
import { Label } from '@/app/components/ui/label';

/** A yes/no field of a form, bound to react-hook-form, with its label beside the box. */
export function CheckboxField<T extends FieldValues, C = unknown, X extends FieldValues = T>({
  control,
  name,
  id,
  label,
  className,
}: {
  /** The form's control, whatever its resolver turns the values into. */
  control: Control<T, C, X>;
  /** A boolean field; an optional one shows unticked while unset. */
  name: FieldPathByValue<T, boolean | undefined>;
  id: string;
  label: string;
  className?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className={cn('flex items-center gap-2', className)}>
          <Checkbox id={id} checked={field.value ?? false} onCheckedChange={(v) => field.onChange(v === true)} />
          <Label htmlFor={id}>{label}</Label>
        </div>
      )}
    />
  );
}
