import type { ServerCapabilities } from '@modelcontextprotocol/sdk/types.js';

/**
 * What docent says of itself in `initialize`: shared by the SDK server (server.ts) and the
 * stdio front (stdio-front.ts), which answers `initialize` before the SDK is loaded, so that
 * both give the same answer. A unit test holds the two (and the protocol versions below,
 * copied from the SDK so that answering needs none of its modules) equal.
 */

export const INSTRUCTIONS =
  'docent answers questions about code and documentation with structured data: GNU Info manuals (info_*), ' +
  'a live Emacs (emacs_*), language servers (search_symbols and navigation), and a docs index (docs_*). ' +
  'Address symbols by name rather than by line and column. Results say when they are partial (index_status, warnings, truncated).';

export const SERVER_CAPABILITIES: ServerCapabilities = { tools: { listChanged: false }, logging: {} };

/** The SDK's LATEST_PROTOCOL_VERSION and SUPPORTED_PROTOCOL_VERSIONS (types.js), newest first. */
export const SUPPORTED_PROTOCOL_VERSIONS: readonly string[] = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'];

export function serverInfo(name: string, version: string): { name: string; version: string; title: string } {
  return { name, version, title: 'docent' };
}

/** The `initialize` result, negotiated as the SDK's Server does: the client's version if known, else the newest. */
export function initializeResult(name: string, version: string, requested: unknown): Record<string, unknown> {
  const protocolVersion = typeof requested === 'string' && SUPPORTED_PROTOCOL_VERSIONS.includes(requested) ? requested : SUPPORTED_PROTOCOL_VERSIONS[0];
  return { protocolVersion, capabilities: SERVER_CAPABILITIES, serverInfo: serverInfo(name, version), instructions: INSTRUCTIONS };
}
