/** Short lines, each with a teal check: a pack's features, and what sets the product apart. */
export function CheckList({
  items,
  className,
  testId,
}: {
  items: readonly string[];
  className?: string;
  testId?: string;
}) {
  return (
    <ul className={className} data-testid={testId}>
      {items.map((f) => (
        <li key={f} className="flex gap-2">
          <span aria-hidden="true" className="text-accent-teal">
            ✓
          </span>
          {f}
        </li>
      ))}
    </ul>
  );
}
