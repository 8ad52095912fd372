/**
 * Stack traces of a bundled Lambda in terms of the TypeScript sources. Node's --enable-source-maps would read and parse
 * the bundle's source map at every cold start (about 35 ms for a 240 KB bundle, docs/benchmarks-log.md); this reads it
 * only when an error is logged. Frames of files without a map beside them (node internals, unbundled code) stay as they
 * are.
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { fileURLToPath } from 'node:url';

/** what findEntry answers: {} where nothing maps */
interface MappedPosition {
  originalSource?: string;
  originalLine?: number;
  originalColumn?: number;
}

const maps = new Map<string, SourceMap | null>();

function mapOf(file: string): SourceMap | null {
  let map = maps.get(file);
  if (map === undefined) {
    try {
      map = existsSync(`${file}.map`)
        ? new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as SourceMapPayload)
        : null;
    } catch {
      map = null;
    }
    maps.set(file, map);
  }
  return map;
}

// "    at fn (file:///var/task/index.mjs:3:1042)" or "    at file:///var/task/index.mjs:3:1042"
const FRAME = /^(\s*at (?:.*? \()?)((?:file:\/\/)?\/[^\s():]+\.m?js):(\d+):(\d+)(\)?)$/;

export function originalStack(stack: string): string {
  return stack
    .split('\n')
    .map((line) => {
      const m = FRAME.exec(line);
      if (!m) return line;
      const [, head, location, row, col, tail] = m as unknown as [string, string, string, string, string, string];
      const map = mapOf(location.startsWith('file://') ? fileURLToPath(location) : location);
      const entry: MappedPosition | undefined = map?.findEntry(Number(row) - 1, Number(col) - 1);
      if (!entry?.originalSource || entry.originalLine === undefined) return line;
      const source = entry.originalSource.replace(/^(?:file:\/\/)?(?:\.\.\/)+/, '');
      return `${head}${source}:${entry.originalLine + 1}:${(entry.originalColumn ?? 0) + 1}${tail}`;
    })
    .join('\n');
}
