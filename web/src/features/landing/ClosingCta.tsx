import { Button } from '#web/components/ui/Button.tsx';
import { scrollToUpload } from './scroll.ts';

export function ClosingCta() {
  return (
    <section aria-labelledby="cta-heading" className="px-4 py-16 text-center">
      <h2 id="cta-heading" className="text-3xl font-black tracking-wide sm:text-4xl">
        START THE COMPETITION
      </h2>
      <p className="mx-auto mt-3 max-w-lg text-zinc-300">
        Rate your hairline, share your score and see who among your friends comes out on top.
      </p>
      <Button size="lg" variant="secondary" className="mt-6" onClick={scrollToUpload}>
        Rate my hairline
      </Button>
    </section>
  );
}
