import { useId, type InputHTMLAttributes } from 'react';
import { cn } from './cn.ts';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: string;
}

export function Field({ label, hint, className, id, ...props }: FieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <div className={cn('grid gap-1.5', className)}>
      <label htmlFor={inputId} className="text-sm font-semibold text-zinc-200">
        {label}
      </label>
      <input
        id={inputId}
        aria-describedby={hintId}
        className="rounded-xl border border-white/15 bg-ink-950 px-3.5 py-2.5 text-zinc-100 placeholder:text-zinc-500 focus:border-accent-teal focus:outline-none focus-visible:outline-2 focus-visible:outline-accent-teal"
        {...props}
      />
      {hint && (
        <p id={hintId} className="text-xs text-zinc-400">
          {hint}
        </p>
      )}
    </div>
  );
}
