/** One measured number: shown formatted, with the exact value (and its place in the JSON) for machines and tests. */
export function Figure({ value, name, format }: { value: number; name: string; format: (value: number) => string }) {
  return (
    <data value={String(value)} data-figure={name}>
      {format(value)}
    </data>
  );
}
