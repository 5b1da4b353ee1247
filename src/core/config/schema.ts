import { z } from 'zod';
import { SEMANTIC_WEIGHT } from '../rank/score.js';

/**
 * The shape of docent's configuration. It comes from `docent.config.json` at the first
 * workspace root, then DOCENT_* environment variables, then command-line flags; later wins
 * (see load.ts). Every section has defaults, so an empty file is a valid configuration.
 */

/** A language server that docent can start; built-in entries live in core/lsp. */
export const LspServerConfigSchema = z
  .object({
    command: z.string().min(1),
    args: z.array(z.string()).default([]),
    /** LSP language ids this server handles, e.g. ["cpp", "c"]. */
    languages: z.array(z.string()).default([]),
    /** File extensions routed to this server, with the dot: [".cpp", ".h"]. */
    extensions: z.array(z.string()).default([]),
    /** Files whose nearest directory marks a project root for this server. */
    rootMarkers: z.array(z.string()).default([]),
    initializationOptions: z.unknown().optional(),
    settings: z.unknown().optional(),
    disabled: z.boolean().default(false),
  })
  .strict();

export const ConfigSchema = z
  .object({
    roots: z.array(z.string()).default([]),
    indexDir: z.string().optional(),
    allowWrites: z.boolean().default(false),
    /**
     * Whether the run and debug tools (builds, tests, debuggers, profilers: they execute project
     * code) are offered. Unset: on over stdio and in the CLI, off over HTTP.
     */
    allowRun: z.boolean().optional(),
    /** Tool names or groups to expose over MCP; empty means all. */
    tools: z.array(z.string()).default([]),
    logLevel: z.enum(['silent', 'error', 'warn', 'info', 'debug']).optional(),
    index: z
      .object({
        enabled: z.boolean().default(true),
        watch: z.boolean().default(true),
        private: z.boolean().default(false),
        maxFileBytes: z.number().int().positive().default(1_000_000),
        exclude: z.array(z.string()).default([]),
        workers: z.number().int().min(0).optional(),
        /** Index the installed dependencies the roots declare or use (npm, Python, Cargo, Go, included C/C++ headers), one shared database per package version. */
        dependencies: z.boolean().default(true),
        /** Search installed packages' databases on a thread beside the one answering requests (a question through a project reads several). */
        searchThread: z.boolean().default(true),
      })
      .strict()
      .prefault({}),
    info: z
      .object({
        dirs: z.array(z.string()).default([]),
      })
      .strict()
      .prefault({}),
    docs: z
      .object({
        /**
         * A sentence-embedding model already on disk that docs_search also ranks questions in words
         * with: a directory holding an ONNX export (model.onnx or onnx/model.onnx) and its
         * tokenizer.json. Needs the optional packages onnxruntime-node and @huggingface/tokenizers.
         */
        embeddings: z
          .object({
            /** The model directory; relative paths are taken from the first root. */
            model: z.string().min(1).optional(),
            /** Tokens read per text (longer texts are cut). */
            maxTokens: z.number().int().min(8).max(512).default(128),
            /** Texts per model call while indexing. */
            batch: z.number().int().min(1).max(1024).default(8),
            /**
             * How much the model's similarity counts in docs_search's ranking, beside the learned
             * word vectors' (see SEMANTIC_WEIGHT: measured with Universal Sentence Encoder lite; a
             * stronger model may deserve more).
             */
            weight: z.number().min(0).max(2).default(SEMANTIC_WEIGHT),
          })
          .strict()
          .prefault({}),
      })
      .strict()
      .prefault({}),
    emacs: z
      .object({
        socket: z.string().optional(),
        serverFile: z.string().optional(),
        emacsclient: z.string().default('emacsclient'),
        timeoutMs: z.number().int().positive().default(5000),
      })
      .strict()
      .prefault({}),
    lsp: z
      .object({
        requestTimeoutMs: z.number().int().positive().default(15_000),
        readyTimeoutMs: z.number().int().positive().default(30_000),
        idleShutdownMs: z.number().int().nonnegative().default(10 * 60_000),
        compileCommandsDir: z.string().optional(),
        servers: z.record(z.string(), LspServerConfigSchema).default({}),
      })
      .strict()
      .prefault({}),
    /** Limits and settings for the run tools (builds and tests execute project code). */
    run: z
      .object({
        /** Wall-clock limit of one build or test run, in seconds (a call may ask for less or more). */
        timeoutS: z.number().int().positive().default(600),
        /** Bytes of each output stream kept per run (head and tail; the middle is counted and dropped). */
        maxOutputBytes: z.number().int().positive().default(256 * 1024),
        /** Memory cap per run in MiB (the data limit, RLIMIT_DATA, applied with prlimit where installed); 0 turns it off. */
        memoryMb: z.number().int().nonnegative().default(8192),
        /** The project's own environment settings for its builds and tests (DOCENT_* and secret-looking names are never passed). */
        env: z.record(z.string(), z.string()).default({}),
      })
      .strict()
      .prefault({}),
    /** The per-user daemon (`docent daemon`) that CLI commands and `serve --attach` share. */
    daemon: z
      .object({
        /** Start a daemon in the background when a command finds none. Unset: on when stdin and stdout are terminals. */
        autoStart: z.boolean().optional(),
        /** Exit after this long without sessions (0: never). */
        idleExitMs: z.number().int().nonnegative().default(30 * 60_000),
        /** Close a root's docs index after this long without questions about it. */
        rootIdleMs: z.number().int().positive().default(10 * 60_000),
        /** How long a command waits for a daemon to start or answer before running standalone. */
        startTimeoutMs: z.number().int().positive().default(5000),
      })
      .strict()
      .prefault({}),
  })
  .strict();

export type DocentConfig = z.output<typeof ConfigSchema>;
export type DocentConfigInput = z.input<typeof ConfigSchema>;
export type LspServerConfig = z.output<typeof LspServerConfigSchema>;
