import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthContext } from '../../../web/src/features/auth/auth-context.ts';
import AuthPage from '../../../web/src/features/auth/AuthPage.tsx';
import { Hero } from '../../../web/src/features/landing/Hero.tsx';
import { Header } from '../../../web/src/features/layout/Header.tsx';
import PricingPage from '../../../web/src/features/pricing/PricingPage.tsx';
import { normalizePath, preloadLazyElements, SHELL_PATHS, shellTemplateId, showShell } from '../../../web/src/lib/boot.ts';
import { fakeAuth } from './render-helpers.tsx';

const INDEX_HTML = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../../web/index.html'), 'utf8');

/** A fresh document holding index.html's #root (the static header and the page templates). */
function shellDocument(): Document {
  // only the body: happy-dom would try to fetch the head's preloads
  const body = INDEX_HTML.slice(INDEX_HTML.indexOf('<body'), INDEX_HTML.indexOf('</body>') + '</body>'.length);
  const root = new DOMParser().parseFromString(`<!doctype html><html><head></head>${body}</html>`, 'text/html').getElementById('root')!;
  document.body.innerHTML = root.outerHTML;
  return document;
}

/** Serializes markup through the same DOM serializer as the templates, so both sides compare alike. */
function normalized(markup: string): string {
  const box = document.createElement('div');
  box.innerHTML = markup;
  box.querySelectorAll('[data-discover]').forEach((el) => el.removeAttribute('data-discover'));
  return box.innerHTML;
}

function template(path: string): string {
  const el = shellDocument().getElementById(shellTemplateId(path)) as HTMLTemplateElement | null;
  expect(el, `index.html has a shell for ${path}`).not.toBeNull();
  const box = document.createElement('div');
  box.append(el!.content.cloneNode(true));
  return box.innerHTML;
}

const withQuery = (node: ReactElement) => <QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('static first-paint shell (index.html)', () => {
  it('has a template for every shell path', () => {
    for (const path of SHELL_PATHS) expect(template(path)).not.toBe('');
  });

  it('copies the landing hero exactly (so React replaces it without a visible change)', () => {
    expect(template('/')).toBe(normalized(renderToStaticMarkup(<Hero />)));
  });

  it('copies the pricing page while its packages load', () => {
    expect(template('/pricing')).toBe(normalized(renderToStaticMarkup(withQuery(<PricingPage />))));
  });

  it('copies the auth page heading', () => {
    const page = renderToStaticMarkup(
      <MemoryRouter initialEntries={['/auth']}>
        <AuthContext.Provider value={fakeAuth({ status: 'signed-out' })}>
          <AuthPage />
        </AuthContext.Provider>
      </MemoryRouter>,
    );
    const box = document.createElement('div');
    box.innerHTML = page;
    const wrapper = box.firstElementChild!;
    const shell = document.createElement('div');
    shell.innerHTML = template('/auth');
    const copy = shell.firstElementChild!;
    expect(copy.className).toBe(wrapper.className);
    expect(copy.children[0]!.outerHTML).toBe(wrapper.querySelector('h1')!.outerHTML);
    expect(copy.children[1]!.outerHTML).toBe(wrapper.querySelector('h1 + p')!.outerHTML);
  });

  it('copies the header as it looks before the sign-in state is known', () => {
    const header = renderToStaticMarkup(
      <MemoryRouter initialEntries={['/elsewhere']}>
        <AuthContext.Provider value={fakeAuth({ status: 'loading' })}>
          <Header />
        </AuthContext.Provider>
      </MemoryRouter>,
    ).replace(/^<link[^>]*>/, ''); // React hoists a preload for the logo image
    expect(normalized(shellDocument().querySelector('#root header')!.outerHTML)).toBe(normalized(header));
  });

  it('keeps a single <main id="main"> and no h1 outside the templates', () => {
    const doc = shellDocument();
    expect(doc.querySelectorAll('#root main#main')).toHaveLength(1);
    expect(doc.querySelectorAll('#root h1')).toHaveLength(0);
  });
});

describe('showShell', () => {
  it('puts the template of the current path into the static <main>', () => {
    const doc = shellDocument();
    expect(showShell(doc, '/pricing/')).toBe(true);
    expect(doc.querySelector('main h1')?.textContent).toBe('Get more ratings');
    expect(doc.querySelectorAll('main h1')).toHaveLength(1);
  });

  it('shows the landing hero on /', () => {
    const doc = shellDocument();
    expect(showShell(doc, '/')).toBe(true);
    expect(doc.getElementById('hero-heading')?.textContent).toContain('cooked');
  });

  it('leaves <main> empty for pages without a shell, and never shows two', () => {
    const doc = shellDocument();
    expect(showShell(doc, '/terms')).toBe(false);
    expect(doc.querySelector('main')!.childElementCount).toBe(0);
    expect(showShell(doc, '/auth')).toBe(true);
    expect(showShell(doc, '/auth')).toBe(false);
    expect(doc.querySelectorAll('main h1')).toHaveLength(1);
  });

  it('does nothing once React owns #root', () => {
    document.body.innerHTML = '<div id="root"><main id="main"></main></div>';
    expect(showShell(document, '/')).toBe(false);
  });

  it('normalizes paths', () => {
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('')).toBe('/');
    expect(normalizePath('/pricing//')).toBe('/pricing');
    expect(normalizePath('/auth')).toBe('/auth');
  });
});

describe('preloadLazyElements', () => {
  it('loads lazy route components so the first render does not suspend', async () => {
    let calls = 0;
    const Page = lazy(async () => {
      calls++;
      return { default: () => <p>page</p> };
    });
    const tree = (
      <Suspense fallback={<p>spinner</p>}>
        <Page />
      </Suspense>
    );
    await preloadLazyElements([<Page key="page" />, <div key="plain" />, null]);
    expect(calls).toBe(1);
    expect(renderToStaticMarkup(tree)).toBe('<p>page</p>');
    await preloadLazyElements([<Page key="again" />]);
    expect(calls).toBe(1);
  });

  it('does not reject when a chunk fails to load', async () => {
    const Broken = lazy(async () => {
      throw new Error('offline');
    });
    await expect(preloadLazyElements([<Broken key="broken" />])).resolves.toBeUndefined();
  });
});
