/**
 * The environment a project's build or test runs in: the caller's PATH and locale, where the
 * caller's toolchains live (HOME, GOPATH, CARGO_HOME, a virtualenv…), and the project's own
 * settings — and nothing else. docent's own variables (DOCENT_TOKEN and every other DOCENT_*)
 * and anything that looks like a secret are never passed on, whatever the project asks for.
 */

/** Variables passed through by exact name. */
const PASS_NAMES = new Set([
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'TMPDIR',
  'TZ',
  'LANG',
  'LANGUAGE',
  'XDG_CACHE_HOME',
  'XDG_CONFIG_HOME',
  'XDG_DATA_HOME',
  // Where the caller's toolchains and their caches live: without them a run finds no compiler
  // or rebuilds its whole cache in a fresh place.
  'GOPATH',
  'GOROOT',
  'GOCACHE',
  'GOMODCACHE',
  'GOFLAGS',
  'GOPROXY',
  'GOTOOLCHAIN',
  'CARGO_HOME',
  'RUSTUP_HOME',
  'RUSTUP_TOOLCHAIN',
  'PYENV_ROOT',
  'PYENV_VERSION',
  'VIRTUAL_ENV',
  'CONDA_PREFIX',
  'JAVA_HOME',
  'CC',
  'CXX',
  'PKG_CONFIG_PATH',
  'LD_LIBRARY_PATH',
  'NVM_DIR',
]);

/** Variables passed through by prefix: the locale settings. */
const PASS_PREFIXES = ['LC_'];

/** Names that are never passed on, even when a project setting names them. */
export function isSecretName(name: string): boolean {
  return name.startsWith('DOCENT_') || /TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|API_?KEY|PRIVATE_?KEY|AUTH/i.test(name);
}

/**
 * Build the environment for a run from the caller's (`from`, usually process.env) and the
 * project's settings (`project`, e.g. docent.config.json's run.env, applied last). Colour is
 * turned off so that parsers read plain text.
 */
export function cleanEnv(from: NodeJS.ProcessEnv, project: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(from)) {
    if (value === undefined || isSecretName(name)) continue;
    if (PASS_NAMES.has(name) || PASS_PREFIXES.some((p) => name.startsWith(p))) env[name] = value;
  }
  // Only NO_COLOR: Node warns on stderr when FORCE_COLOR is set beside it.
  env.NO_COLOR = '1';
  for (const [name, value] of Object.entries(project)) {
    if (!isSecretName(name)) env[name] = value;
  }
  return env;
}
