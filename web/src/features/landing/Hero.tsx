import { Button } from '#web/components/ui/Button.tsx';
import { ENTRY_PRICE_TEXT } from '#web/features/pricing/index.ts';
import { scrollToUpload } from './scroll.ts';

export function Hero() {
  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden px-4 pb-16 pt-16 text-center sm:pt-24">
      <div
        aria-hidden="true"
        className="hero-glow pointer-events-none absolute inset-x-0 -top-40 mx-auto h-96 max-w-3xl"
      />
      <p className="relative text-sm font-bold uppercase tracking-[0.3em] text-accent-teal">AI hairline rating</p>
      <h1 id="hero-heading" className="relative mx-auto mt-4 max-w-3xl text-4xl font-black leading-tight sm:text-6xl">
        Is your hairline{' '}
        <span className="bg-gradient-to-r from-accent-red to-accent-pink bg-clip-text text-transparent">cooked</span> or{' '}
        <span className="bg-gradient-to-r from-accent-teal to-emerald-300 bg-clip-text text-transparent">
          certified
        </span>
        ?
      </h1>
      <p className="relative mx-auto mt-5 max-w-xl text-lg text-zinc-300">
        Upload a photo and get a score out of 100, six metrics, honest commentary and hairstyle ideas. Then challenge
        your friends.
      </p>
      <div className="relative mt-8 flex flex-col items-center gap-3 sm:flex-row sm:justify-center">
        <Button size="lg" onClick={scrollToUpload}>
          Test My Hairline
        </Button>
        <p data-testid="entry-price" className="text-sm text-zinc-300">
          {ENTRY_PRICE_TEXT}
        </p>
      </div>
    </section>
  );
}
