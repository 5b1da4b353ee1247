/**
 * Codes docent has seen servers report in this process, with their message and documentation
 * link: the last resort of diagnostic_explain for codes no installed catalogue lists (clang's
 * errors, such as clang:expected_semi_after_stmt, have no listing tool), so it can still say
 * what the server said and where its documentation is.
 */
export interface SeenCode {
  code: string;
  source: string;
  message: string;
  docs_url?: string;
}

export const SEEN_CODES_KEY = 'check.seen-codes';
const MAX = 5000;

export class SeenCodes {
  private readonly codes = new Map<string, SeenCode>();

  note(s: SeenCode): void {
    this.codes.delete(s.code);
    this.codes.set(s.code, s);
    if (this.codes.size > MAX) this.codes.delete(this.codes.keys().next().value!);
  }

  get(code: string): SeenCode | undefined {
    return this.codes.get(code);
  }

  all(): string[] {
    return [...this.codes.keys()];
  }
}
