import { LANDING_EXAMPLES } from '#shared/scoring.ts';
import { ScoreBadge } from '#web/features/results/index.ts';

export function Examples() {
  return (
    <section aria-labelledby="examples-heading" className="px-4 py-14">
      <h2 id="examples-heading" className="text-center text-3xl font-black">
        Where do you rank?
      </h2>
      <p className="mt-2 text-center text-zinc-400">Four example ratings, from cooked to certified.</p>
      <ul className="mx-auto mt-8 grid max-w-5xl grid-cols-2 gap-5 md:grid-cols-4">
        {LANDING_EXAMPLES.map((example) => (
          <li
            key={example.label}
            className="flex flex-col items-center gap-3 rounded-2xl border border-white/10 bg-ink-900/70 p-6 text-center"
          >
            <ScoreBadge score={example.score} label={example.label} />
            <p className="font-bold">{example.label}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
