import type { CassetteEnd, CassetteEntry } from './format.js';
import type { Redactor } from './redact.js';

/** Bytes of lines scanned in one secretlint call: large enough to amortise a call, small enough to keep memory flat. */
const BATCH_BYTES = 1024 * 1024;

type Item = { t: number; dir: CassetteEntry['dir']; text: string } | { entry: CassetteEntry | CassetteEnd };

/**
 * The cassette's writer side of `record` (issue #18 class 8). The secret scan is asynchronous, so
 * recorded lines wait here, in arrival order and with their arrival time, while the bytes themselves
 * have already passed through to the other side. Lines that arrive while a scan runs are scanned
 * together in the next one (one secretlint call per batch, not per line).
 */
export class EntryQueue {
  private readonly items: Item[] = [];
  private running: Promise<void> | undefined;
  private failed = false;

  constructor(
    private readonly redactor: Redactor,
    private readonly write: (line: string) => void,
    private readonly onScanError: (e: Error) => void,
  ) {}

  /** A recorded line, redacted before it is written. */
  line(t: number, dir: CassetteEntry['dir'], text: string): void {
    this.push({ t, dir, text });
  }

  /** An entry written as is, after every line queued before it. */
  entry(entry: CassetteEntry | CassetteEnd): void {
    this.push({ entry });
  }

  /** Resolves once everything queued so far is written. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private push(item: Item): void {
    this.items.push(item);
    this.running ??= this.drain().finally(() => (this.running = undefined));
  }

  private async drain(): Promise<void> {
    while (this.items.length > 0) {
      let bytes = 0;
      let n = 0;
      while (n < this.items.length && bytes < BATCH_BYTES) {
        const it = this.items[n++] as Item;
        if ('text' in it) bytes += it.text.length;
      }
      const batch = this.items.splice(0, n);
      await this.scan(batch.flatMap((it) => ('text' in it ? [it.text] : [])).join('\n'));
      for (const it of batch) {
        const entry: CassetteEntry | CassetteEnd = 'text' in it ? { t: it.t, dir: it.dir, ...this.redactor.learned(it.text) } : it.entry;
        this.write(JSON.stringify(entry) + '\n');
      }
    }
  }

  /** One scan of a batch; a failing scan is reported once and the built-in rules still apply. */
  private async scan(text: string): Promise<void> {
    if (text === '' || this.failed) return;
    try {
      await this.redactor.learn(text);
    } catch (e) {
      this.failed = true;
      this.onScanError(e as Error);
    }
  }
}
