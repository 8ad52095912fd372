const STEPS = [
  { title: 'Upload a photo', text: 'A clear, front-facing photo with your forehead visible.' },
  { title: 'The AI analyzes it', text: 'It finds your hairline and measures recession, density, forehead and more.' },
  { title: 'Get your rating', text: 'A score from 0 to 100, a label, commentary and hairstyle suggestions.' },
] as const;

export function HowItWorks() {
  return (
    <section aria-labelledby="how-heading" className="px-4 py-14">
      <h2 id="how-heading" className="text-center text-3xl font-black">
        How it works
      </h2>
      <ol className="mx-auto mt-8 grid max-w-5xl gap-5 sm:grid-cols-3">
        {STEPS.map((step, i) => (
          <li key={step.title} className="rounded-2xl border border-white/10 bg-ink-900/70 p-6">
            <span
              aria-hidden="true"
              className="flex size-10 items-center justify-center rounded-full bg-accent-pink/20 text-lg font-black text-accent-pink"
            >
              {i + 1}
            </span>
            <h3 className="mt-4 text-lg font-bold">
              <span className="sr-only">Step {i + 1}: </span>
              {step.title}
            </h3>
            <p className="mt-1 text-sm text-zinc-400">{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
