import { ROUTE } from '#shared/routes.ts';
import { coreDeps, type AppDeps } from '../adapters/deps.ts';
import { defaultShellSource, type ShellSource } from '../adapters/site.ts';
import { isDomainError } from '../domain/errors.ts';
import { fallbackShell, injectMeta, notFoundMeta, shareMeta } from '../domain/share-page.ts';
import { readPublicShare } from '../domain/shares.ts';
import { handle, reply } from '../http/handle.ts';
import { logger } from '../logging.ts';

/**
 * GET /r/{shareId} (public): the SPA's index.html with the share's Open Graph and Twitter tags, so links unfurl.
 * Unknown or revoked: the same SPA (it shows its not-found state) with status 404 and noindex.
 */
export const makeHandler = (deps: Pick<AppDeps, 'db' | 'env'> & { shell: () => ShellSource }) =>
  handle(ROUTE.sharePage, deps, async ({ params }) => {
    const siteUrl = deps.env.SITE_URL;
    const shell = (await deps.shell()()) ?? fallbackShell(siteUrl);
    try {
      const { view } = await readPublicShare(deps.db(), params.shareId);
      return injectMeta(shell, shareMeta(view, siteUrl));
    } catch (err) {
      if (isDomainError(err, 'not-found')) return reply(404, injectMeta(shell, notFoundMeta()));
      // the page still loads the SPA, which reports the failure of its own API call
      logger.error('share page failed', { error: String((err as Error)?.stack ?? err) });
      return reply(500, shell);
    }
  });

function defaultDeps(): Pick<AppDeps, 'db' | 'env'> & { shell: () => ShellSource } {
  const core = coreDeps();
  return { ...core, shell: () => defaultShellSource(core.env) };
}

export const handler = makeHandler(defaultDeps());
