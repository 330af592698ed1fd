import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Rolldown } from 'vite';

const ROOT = resolve(import.meta.dirname, '../..');

// Sizes in kB of 1,000 bytes, as Vite's own build report prints them; gzip at level 9, as a server that
// compresses its static files once would serve them.
const kB = (bytes: number) => bytes / 1000;
const gzipped = (code: string | Uint8Array) => gzipSync(code, { level: 9 }).length;

export interface ChunkSize {
  file: string;
  gzipBytes: number;
  // The largest parts of the chunk by rendered size: npm packages by name, our code by folder.
  holds: string[];
}

export interface PortalBundle {
  outDir: string;
  // What dist/index.html loads before anything else: its module script and modulepreloads.
  initial: ChunkSize[];
  lazy: ChunkSize[];
}

function ownerOf(moduleId: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(moduleId);
  if (pkg) return pkg[1]!;
  // Bundler helpers have ids that start with a NUL byte.
  const ours = moduleId.startsWith(ROOT) ? moduleId.slice(ROOT.length + 1) : moduleId.replace(/^\0/, '');
  return ours.split('/').slice(0, 3).join('/');
}

function holdings(chunk: Rolldown.OutputChunk): string[] {
  const sizes = new Map<string, number>();
  for (const [id, info] of Object.entries(chunk.modules)) {
    const owner = ownerOf(id);
    sizes.set(owner, (sizes.get(owner) ?? 0) + info.renderedLength);
  }
  return [...sizes]
    .filter(([, size]) => size > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([owner]) => owner);
}

// The scripts a first visit fetches before the app can run: the entry and what index.html preloads.
function initialFiles(indexHtml: string): string[] {
  const scripts = [...indexHtml.matchAll(/<script[^>]*\stype="module"[^>]*\ssrc="([^"]+)"/g)];
  const preloads = [...indexHtml.matchAll(/<link[^>]*\srel="modulepreload"[^>]*\shref="([^"]+)"/g)];
  return [...scripts, ...preloads].map((m) => m[1]!.replace(/^\//, ''));
}

// Always a fresh production build of the sources as they are now, into a folder of its own: dist/ may be
// stale or in use by a test run, and a build takes seconds.
export async function buildPortal(): Promise<PortalBundle> {
  const outDir = mkdtempSync(join(tmpdir(), 'portal-bench-dist-'));
  const result = await build({
    root: ROOT,
    configFile: join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => ('output' in r ? r.output : []));
  const chunks = outputs.filter((o): o is Rolldown.OutputChunk => o.type === 'chunk');
  const initial = new Set(initialFiles(readFileSync(join(outDir, 'index.html'), 'utf8')));
  const sized = chunks.map((chunk) => ({
    file: chunk.fileName,
    gzipBytes: gzipped(readFileSync(join(outDir, chunk.fileName))),
    holds: holdings(chunk),
  }));
  const bySize = (a: ChunkSize, b: ChunkSize) => b.gzipBytes - a.gzipBytes;
  return {
    outDir,
    initial: sized.filter((c) => initial.has(c.file)).sort(bySize),
    lazy: sized.filter((c) => !initial.has(c.file)).sort(bySize),
  };
}

export function describeChunk(chunk: ChunkSize): string {
  return `${chunk.file} ${kB(chunk.gzipBytes).toFixed(1)} kB (${chunk.holds.join(', ')})`;
}

export const gzipKb = (chunks: readonly ChunkSize[]) => kB(chunks.reduce((sum, c) => sum + c.gzipBytes, 0));
