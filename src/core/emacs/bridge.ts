import type { ChildProcess } from 'node:child_process';
import { z } from 'zod';
import type { DocentConfig } from '../config/schema.js';
import { DocentError } from '../errors.js';
import { runEmacsclient, type EmacsServerOptions } from './client.js';
import { decodeAnswer, jsonProgram, type Lisp } from './lisp.js';

/** What Emacs sends back around every answer (see `jsonProgram`). */
const Envelope = z.union([
  z.object({ value: z.unknown() }).strict(),
  z.object({ error: z.string(), signal: z.string() }).strict(),
]);

export interface QueryOptions {
  signal?: AbortSignal;
  onSpawn?: (child: ChildProcess) => void;
}

/**
 * The bridge to the user's running Emacs. It evaluates template-built Lisp through emacsclient
 * and returns the JSON answer validated by a zod schema. It holds no connection (each query is
 * one short emacsclient run), so it is cheap to create and safe to share.
 */
export class EmacsBridge {
  constructor(readonly server: EmacsServerOptions) {}

  static fromConfig(config: DocentConfig): EmacsBridge {
    const e = config.emacs;
    return new EmacsBridge({ emacsclient: e.emacsclient, socket: e.socket, serverFile: e.serverFile, timeoutMs: e.timeoutMs });
  }

  /** Evaluate `body` in Emacs and validate what it returns against `schema`. */
  async query<S extends z.ZodType>(body: Lisp, schema: S, opts: QueryOptions = {}): Promise<z.output<S>> {
    const program = jsonProgram(body).code;
    const { stdout } = await runEmacsclient(this.server, program, opts);
    let envelope: z.output<typeof Envelope>;
    try {
      envelope = Envelope.parse(JSON.parse(decodeAnswer(stdout)));
    } catch (err) {
      throw new DocentError('E_INTERNAL', `Could not read Emacs's answer: ${(err as Error).message}`);
    }
    if ('error' in envelope) {
      throw new DocentError(
        'E_INTERNAL',
        `Emacs signalled ${envelope.signal}: ${envelope.error}`,
        'The error comes from Emacs itself (an advice, hook or broken mode in the user\'s configuration); check Emacs\'s *Messages* buffer.',
        { signal: envelope.signal, emacs_message: envelope.error },
      );
    }
    const result = schema.safeParse(envelope.value);
    if (!result.success) {
      throw new DocentError('E_INTERNAL', `Emacs's answer did not have the expected shape: ${z.prettifyError(result.error)}`);
    }
    return result.data;
  }

  dispose(): void {
    // Nothing long-lived: every query's emacsclient ends with the query (or its timeout).
  }
}

export const EMACS_SERVICE_KEY = 'emacs.bridge';
