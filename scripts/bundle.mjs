// After tsc and post-build: bundle the CLI (and through it the MCP server and every lazily
// loaded command and tool group) into dist/bin/ with esbuild, and point dist/cli/main.js at it.
//
// Why: `docent serve` is spawned at every agent session start and `docent <command>` dozens of
// times an hour. Loaded file by file, the startup path is ~400 ES modules (zod, the MCP SDK
// with Ajv, commander, docent's own), and Node's module loader spent more time resolving and
// reading them than running them. One file per lazily loaded part halves that.
//
// What is bundled: docent's code and the pure-JavaScript packages it loads on hot paths. What
// is not: packages that find files beside themselves (native addons, wasm, browser bundles,
// language servers docent spawns by path) and everything not named below, which Node resolves
// from node_modules at run time as before. dist/ keeps tsc's per-file output too (benchmarks
// import internal modules from it; the index worker runs from it).
import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { build } from 'esbuild';

const BUNDLED = new Set([
  '@modelcontextprotocol/sdk',
  'zod',
  'zod-to-json-schema',
  'ajv',
  'ajv-formats',
  'fast-deep-equal',
  'fast-uri',
  'json-schema-traverse',
  'commander',
  'vscode-languageserver-protocol',
  'vscode-jsonrpc',
  'vscode-languageserver-types',
  'picomatch',
  'ignore',
  'diff',
  '@jridgewell/trace-mapping',
  '@jridgewell/resolve-uri',
  '@jridgewell/sourcemap-codec',
]);

const packageOf = (spec) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);

/** Bare imports of packages not in BUNDLED stay imports, resolved by Node at run time. */
const onlyNamedPackages = {
  name: 'only-named-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || builtinModules.includes(args.path)) return { external: true };
      return BUNDLED.has(packageOf(args.path)) ? undefined : { external: true };
    });
  },
};

const root = new URL('../', import.meta.url);
// Chunk names carry content hashes: clear the last build's so the package holds only this one.
rmSync(new URL('dist/bin/', root), { recursive: true, force: true });
const result = await build({
  absWorkingDir: new URL('.', root).pathname,
  entryPoints: { main: 'src/cli/main.ts' },
  outdir: 'dist/bin',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  chunkNames: '[name]-[hash]',
  // CommonJS packages inside an ES module bundle call require() for Node's own modules.
  banner: { js: "import { createRequire as __docentRequire } from 'node:module'; const require = __docentRequire(import.meta.url);" },
  plugins: [onlyNamedPackages],
  logLevel: 'warning',
  metafile: true,
});

// The path users, tests and the daemon start stays dist/cli/main.js.
const main = new URL('dist/cli/main.js', root);
writeFileSync(main, "#!/usr/bin/env node\n// The CLI, bundled by scripts/bundle.mjs.\nimport '../bin/main.js';\n");
chmodSync(main, 0o755);
const files = Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.js'));
console.error(`bundle: dist/bin/ with ${files.length} files`);
