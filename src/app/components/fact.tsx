/** One labelled fact of a detail screen, inside a `<dl>`: its value, or a dash when there is none. */
export function Fact({ label, value }: { label: string; value: string | number | null | undefined }) {
  return (
    <div className="grid">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words">{value === null || value === undefined || value === '' ? '—' : value}</dd>
    </div>
  );
}
