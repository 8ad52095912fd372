/** docs/api.md describes exactly the routes of the table: every route heading names an entry, every entry has one. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROUTE_LIST } from '#shared/routes.ts';

const docs = readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');

/** "## GET /api/ratings?limit=&cursor=" → "GET /api/ratings" (the query is the route's, not its path). */
function routeHeadings(markdown: string): string[] {
  return [...markdown.matchAll(/^#{2,3} (GET|POST|PATCH|DELETE) (\S+)/gm)].map(
    ([, method, target]) => `${method} ${target!.split('?')[0]}`,
  );
}

describe('docs/api.md and the route table', () => {
  const table = ROUTE_LIST.map((r) => `${r.method} ${r.path}`);
  const headings = routeHeadings(docs);

  it('every route heading names a table entry', () => {
    expect(headings.filter((h) => !table.includes(h))).toEqual([]);
  });

  it('every table entry has its heading, once', () => {
    expect(table.filter((r) => !headings.includes(r))).toEqual([]);
    expect(headings.filter((h, i) => headings.indexOf(h) !== i)).toEqual([]);
  });

  it('reads a heading with a query as its route', () => {
    expect(routeHeadings('## GET /api/ratings?limit=&cursor=\n### POST /api/x\n# GET /no')).toEqual([
      'GET /api/ratings',
      'POST /api/x',
    ]);
  });
});
