// After tsc: make the CLI entry executable (tsc keeps the shebang but not the mode bit), and
// write the tool manifest, dist/mcp/tools-manifest.json: every tool's tools/list entry (JSON
// Schemas converted from its zod schemas), its accepted argument names and the module under
// dist/mcp/tools/ that defines it. `docent serve` lists tools from it and imports a tool
// group's module on the first call of one of its tools, so starting the server neither loads
// the feature modules nor converts schemas (src/mcp/catalog.ts).
import { chmodSync, existsSync, readdirSync, writeFileSync } from 'node:fs';

const dist = new URL('../dist/', import.meta.url);
const bin = new URL('cli/main.js', dist);
if (existsSync(bin)) chmodSync(bin, 0o755);

const toolsDir = new URL('mcp/tools/', dist);
const { ALL_TOOLS } = await import(new URL('index.js', toolsDir).href);
const { toolsOfModule, MANIFEST_URL, TOOL_MODULES } = await import(new URL('mcp/catalog.js', dist).href);
const { listing, acceptedKeys } = await import(new URL('mcp/listing.js', dist).href);
const { VERSION } = await import(new URL('core/version.js', dist).href);

// Which module defines each tool: every exported array of tools in each group module.
const moduleOf = new Map();
for (const file of readdirSync(toolsDir).filter((f) => f.endsWith('.js') && f !== 'index.js').sort()) {
  for (const tool of toolsOfModule(await import(new URL(file, toolsDir).href))) if (!moduleOf.has(tool)) moduleOf.set(tool, file);
}
const tools = ALL_TOOLS.map((tool) => {
  const module = moduleOf.get(tool);
  if (!module) throw new Error(`post-build: ${tool.name} is in ALL_TOOLS but no module under dist/mcp/tools/ exports it in an array`);
  return { name: tool.name, group: tool.group, module, listing: listing(tool), accepted: acceptedKeys(tool) };
});
// The bundle can load only the group modules written out in TOOL_MODULES (src/mcp/catalog.ts).
const unlisted = [...new Set(tools.map((t) => t.module))].filter((m) => !TOOL_MODULES[m]);
if (unlisted.length) throw new Error(`post-build: add ${unlisted.join(', ')} to TOOL_MODULES in src/mcp/catalog.ts`);
writeFileSync(MANIFEST_URL, JSON.stringify({ version: VERSION, tools }) + '\n');
console.error(`post-build: tool manifest with ${tools.length} tools`);
process.exit(0);
