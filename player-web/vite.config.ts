import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
// A workspace module in TypeScript: package.json's scripts load this config with `--configLoader runner`.
import { HEAD_SCRIPTS } from '@daily-tea/shared/head-scripts';

const THEME_COLOR = '#5f22c8'; // brand-700 (shared/src/ui/theme.css)
const BACKGROUND_COLOR = '#fafaf9'; // stone-50, the app's page background
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;

/**
 * Precompresses the build (brotli at maximum quality and gzip -9) so `npm start` serves `.br` / `.gz` by
 * Accept-Encoding with no work per request (edge-api/src/node/static-files.ts `webAssets`). Runs after every other
 * plugin's closeBundle, so the service worker is compressed too. Workers ignores these files
 * (public/.assetsignore): Cloudflare compresses on its own.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'daily-tea:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle: {
      order: 'post',
      handler() {
        const walk = (dir: string): string[] =>
          readdirSync(dir).flatMap((name) => {
            const path = join(dir, name);
            return statSync(path).isDirectory() ? walk(path) : [path];
          });
        for (const file of walk(outDir)) {
          if (!COMPRESSIBLE.test(file)) continue;
          const source = readFileSync(file);
          if (source.byteLength < 512) continue;
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(source, {
              params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: source.byteLength },
            }),
          );
          writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
        }
      },
    },
  };
}

/**
 * A visit that opens a topic's results URL fetches that screen's code with the entry's, not after it has run
 * (docs/decisions/0248-results-entry-prefetch.md): the built index.html names the results route's chunks that the
 * entry does not already preload in `<meta name="daily-tea:results-chunks">`, and index.html's inline results script
 * (shared/src/head-scripts.ts, admitted by its hash) adds a modulepreload for each of them on a results URL only.
 */
function resultsChunksMeta(): Plugin {
  let base = '/';
  return {
    name: 'daily-tea:results-chunks',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return;
        const chunks = Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [file] : []));
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (start: string, into = new Set<string>()) => {
          if (into.has(start)) return into;
          into.add(start);
          for (const next of byName.get(start)?.imports ?? []) closure(next, into);
          return into;
        };
        const entry = ctx.chunk;
        // The chunk holding the route's module (its own, or the `play` group's: codeSplitting below).
        const results = chunks.find((chunk) =>
          chunk.moduleIds.some((id) => id.endsWith('/src/app/routes/topic-results.tsx')),
        );
        if (!entry || !results)
          throw new Error('results-chunks: the entry or the results route chunk is missing');
        const loaded = closure(entry.fileName);
        const files = [...closure(results.fileName)].filter((file) => !loaded.has(file));
        return [
          {
            tag: 'meta',
            attrs: { name: 'daily-tea:results-chunks', content: files.map((file) => base + file).join(' ') },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}

/**
 * The two classic scripts of `<head>` (the saved colour scheme, the results screen's preloads) inline, in place of
 * index.html's `<!-- head-scripts -->`: no request before the first paint, none queued for a connection
 * (docs/decisions/0275-boot-path.md). Their texts come from shared/src/head-scripts.ts, whose SHA-256 hashes the
 * Content-Security-Policy admits (edge-api/src/security-headers.ts). In development too.
 */
function headScripts(): Plugin {
  return {
    name: 'daily-tea:head-scripts',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        const marker = '<!-- head-scripts -->';
        if (!html.includes(marker)) throw new Error(`head-scripts: index.html has no ${marker}`);
        return html.replace(marker, () =>
          HEAD_SCRIPTS.map((script) => `<script>${script}</script>`).join('\n    '),
        );
      },
    },
  };
}

/**
 * The boot path (the entry and the chunks it imports, which every visit downloads and evaluates before its first
 * screen) carries no zod: the player's first screens validate nothing, and zod is ≈ 25 KB gzip of download and
 * evaluation at boot (docs/decisions/0275-boot-path.md). The build fails if an import brings it back; the forms
 * and the console load it with their own chunks.
 */
function bootPathWithoutZod(): Plugin {
  return {
    name: 'daily-tea:boot-path-without-zod',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [file] : []));
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const boot = new Set<string>();
      const visit = (fileName: string) => {
        if (boot.has(fileName)) return;
        boot.add(fileName);
        for (const next of byName.get(fileName)?.imports ?? []) visit(next);
      };
      const entries = chunks.filter((chunk) => chunk.isEntry);
      if (entries.some((chunk) => chunk.facadeModuleId?.endsWith('/src/sw.ts'))) return; // the service worker's build
      const app = entries.find((chunk) => chunk.facadeModuleId?.endsWith('/index.html'));
      if (!app) return this.error('boot-path: the entry chunk (index.html) is missing');
      visit(app.fileName);
      for (const fileName of boot) {
        const zod = byName.get(fileName)?.moduleIds.find((id) => /[\\/]node_modules[\\/]zod[\\/]/.test(id));
        if (zod) this.error(`boot-path: ${fileName} (loaded at boot) carries zod (${zod})`);
      }
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    headScripts(),
    resultsChunksMeta(),
    bootPathWithoutZod(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'autoUpdate',
      // Registered from src/app/main.tsx after the first paint (virtual:pwa-register), not by an injected script.
      injectRegister: false,
      manifest: {
        id: '/',
        name: 'Daily Tea',
        short_name: 'Daily Tea',
        description: "Pick 3 of today's topics, answer, and see what the community thinks.",
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: THEME_COLOR,
        background_color: BACKGROUND_COLOR,
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // The player's shell only: operator, marketing and image-capture code stays on the network.
        globPatterns: ['**/*.{js,css,html}', 'icons/icon.svg', 'icons/apple-touch-icon.png'],
        globIgnores: [
          '**/admin-*',
          '**/marketing-*',
          '**/html2canvas*',
          '**/capture-*',
          '**/*.br',
          '**/*.gz',
        ],
      },
    }),
    precompress(),
  ],
  server: { proxy: { '/api': 'http://127.0.0.1:8787' } },
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Few requests before the first screen (docs/decisions/0275-boot-path.md): the server speaks HTTP/1.1, six
        // connections, so every extra file on the boot path waits its turn. React and the data layer change rarely:
        // one long-cached vendor chunk. `app` takes the entry's whole static import tree (each group takes its
        // module's imports too) instead of the ten small shared chunks the automatic split made; `play` takes the
        // question and results screens with what only they share (one file on a results URL instead of five).
        // Each lazy screen else keeps its own chunk.
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|jotai)[\\/]/,
              priority: 3,
            },
            {
              name: 'app',
              test: /[\\/]src[\\/]app[\\/]main\.tsx$/,
              priority: 2,
            },
            {
              name: 'play',
              test: /[\\/]src[\\/]app[\\/]routes[\\/]topic(-results)?\.tsx$/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
