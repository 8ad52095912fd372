import type { ReactNode } from 'react';

export interface LegalSection {
  title: string;
  body: ReactNode;
}

export function LegalPage({ title, intro, sections }: { title: string; intro: ReactNode; sections: LegalSection[] }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-14">
      <h1 className="text-4xl font-black">{title}</h1>
      <div className="mt-4 text-zinc-300">{intro}</div>
      <ol className="mt-10 space-y-8">
        {sections.map((s, i) => (
          <li key={s.title}>
            <section aria-labelledby={`section-${i + 1}`}>
              <h2 id={`section-${i + 1}`} className="text-xl font-bold">
                {i + 1}. {s.title}
              </h2>
              <div className="mt-2 space-y-2 leading-relaxed text-zinc-300">{s.body}</div>
            </section>
          </li>
        ))}
      </ol>
    </article>
  );
}
