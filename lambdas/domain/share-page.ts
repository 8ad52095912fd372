/**
 * GET /r/{shareId}: the SPA's index.html with Open Graph and Twitter tags in <head>, so a shared link unfurls with
 * the score and the card image in chats and social apps; the SPA itself then renders the share.
 */
import { crownFiguresText } from '#shared/share-card.ts';
import type { SharedRating } from '#shared/schemas.ts';
import { SITE_NAME } from '#shared/site-pages.ts';
import { shareCardUrl, shareUrl } from './shares.ts';

/** Escapes a value for an HTML attribute (double-quoted) or text. */
export function escapeHtml(text: string): string {
  return String(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export interface PageMeta {
  title: string;
  description: string;
  /** extra <meta> tags: property (og:*) or name (twitter:*, robots) → content */
  tags: { key: 'property' | 'name'; name: string; content: string }[];
}

/** Pure: the tags of a share's page. */
export function shareMeta(
  view: Pick<
    SharedRating,
    'shareId' | 'displayName' | 'score' | 'rating' | 'norwoodStage' | 'density' | 'recessionLevel' | 'crown'
  >,
  siteUrl: string,
): PageMeta {
  const title = `${view.displayName} scored ${view.score} – ${view.rating} on ${SITE_NAME}`;
  const description =
    `Hairline score ${view.score}/100 (${view.rating}), Norwood stage ${view.norwoodStage}, ` +
    `density ${view.density}, recession ${view.recessionLevel}. ` +
    (view.crown ? `${crownFiguresText(view.crown)}. ` : '') +
    'Rate your own hairline and compare.';
  const image = shareCardUrl(siteUrl, view.shareId);
  const url = shareUrl(siteUrl, view.shareId);
  return {
    title,
    description,
    tags: [
      { key: 'name', name: 'description', content: description },
      { key: 'property', name: 'og:type', content: 'website' },
      { key: 'property', name: 'og:site_name', content: SITE_NAME },
      { key: 'property', name: 'og:title', content: title },
      { key: 'property', name: 'og:description', content: description },
      { key: 'property', name: 'og:image', content: image },
      { key: 'property', name: 'og:image:type', content: 'image/png' },
      { key: 'property', name: 'og:image:width', content: '1200' },
      { key: 'property', name: 'og:image:height', content: '630' },
      { key: 'property', name: 'og:image:alt', content: `${SITE_NAME} card: ${view.score} out of 100, ${view.rating}` },
      { key: 'property', name: 'og:url', content: url },
      { key: 'name', name: 'twitter:card', content: 'summary_large_image' },
      { key: 'name', name: 'twitter:title', content: title },
      { key: 'name', name: 'twitter:description', content: description },
      { key: 'name', name: 'twitter:image', content: image },
    ],
  };
}

/** Pure: the tags of the not-found page (unknown or revoked share): not indexed, the SPA shows its not-found state. */
export function notFoundMeta(): PageMeta {
  const title = `Share not found – ${SITE_NAME}`;
  return {
    title,
    description: 'This share link does not exist or was revoked by its owner.',
    tags: [{ key: 'name', name: 'robots', content: 'noindex' }],
  };
}

const HEAD_OPEN = /<head(?:\s[^>]*)?>/i;
const TITLE = /<title(?:\s[^>]*)?>[\s\S]*?<\/title>/i;
/** description, og:* and twitter:* tags the page already has; ours replace them (crawlers may take either otherwise) */
const REPLACED_META =
  /<meta\s[^>]*(?:name|property)\s*=\s*["'](?:description|robots|og:[^"']*|twitter:[^"']*)["'][^>]*>\s*/gi;

/**
 * Pure: `html` with its <title>, description, og:* and twitter:* tags replaced by `meta`'s, injected right after
 * <head>. Every value is escaped. A page without <head> gets one.
 */
export function injectMeta(html: string, meta: PageMeta): string {
  const lines = [
    `<title>${escapeHtml(meta.title)}</title>`,
    ...meta.tags.map((t) => `<meta ${t.key}="${escapeHtml(t.name)}" content="${escapeHtml(t.content)}" />`),
  ];
  const block = `\n    ${lines.join('\n    ')}`;
  const cleaned = html.replace(TITLE, '').replace(REPLACED_META, '');
  const head = HEAD_OPEN.exec(cleaned);
  if (head) return cleaned.slice(0, head.index + head[0].length) + block + cleaned.slice(head.index + head[0].length);
  const htmlOpen = /<html(?:\s[^>]*)?>/i.exec(cleaned);
  const at = htmlOpen ? htmlOpen.index + htmlOpen[0].length : 0;
  return `${cleaned.slice(0, at)}<head>${block}\n</head>${cleaned.slice(at)}`;
}

/** When the SPA shell cannot be fetched: a minimal page that still unfurls and links to the site. */
export function fallbackShell(siteUrl: string): string {
  const home = escapeHtml(siteUrl.replace(/\/+$/, '') + '/');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
  </head>
  <body>
    <p><a href="${home}">${SITE_NAME}</a></p>
  </body>
</html>
`;
}
