// The in-memory stream-json run most unit tests need (the drop-in over PassThrough streams, as a host drives it):
// one place for its argv, its stdin lines and the parse of its stdout, instead of a copy in each test file.
import { runInMemory, startInMemory } from '../../src/testkit/harness.js';
import type { ScenarioT } from '../../src/scenario/schema.js';
import { readFrames, type Frame } from './frames.js';

/** The argv of a stream-json run on `profile` at speed 0; `extra` follows (session flags, modes, rules). */
export const streamArgv = (profile: string, ...extra: string[]): string[] => ['--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose', '--emu-profile', profile, '--emu-speed', '0', ...extra];

/** The argv of a `-p <prompt>` run writing stream-json on `profile` at speed 0. */
export const printArgv = (profile: string, prompt: string, ...extra: string[]): string[] => ['-p', prompt, '--output-format', 'stream-json', '--verbose', '--emu-profile', profile, '--emu-speed', '0', ...extra];

/** One stdin line. */
export const line = (o: unknown): string => JSON.stringify(o) + '\n';
/** A user line as the SDKs write it; `fields` (a client uuid, a priority) follow its session_id. */
export const userLine = (content: unknown, fields: Record<string, unknown> = {}): string => line({ type: 'user', message: { role: 'user', content }, parent_tool_use_id: null, session_id: '', ...fields });
/** A control request line. */
export const controlLine = (requestId: string, request: Record<string, unknown>): string => line({ type: 'control_request', request_id: requestId, request });
/** The host's success answer to a CLI-initiated request. */
export const answerLine = (requestId: unknown, response: unknown): string => line({ type: 'control_response', response: { subtype: 'success', request_id: requestId, response } });

/** `type/subtype` of each frame (`type/` when it has none). */
export const frameKinds = (frames: Frame[]): string[] => frames.map((f) => `${String(f['type'])}/${String(f['subtype'] ?? '')}`);

/** The CLI's control_response to the host's request `id` (its `response` object). */
export const replyTo = (frames: Frame[], id: string): Frame | undefined => frames.find((f) => f['type'] === 'control_response' && f['response']?.['request_id'] === id)?.['response'] as Frame | undefined;

/** The frames of stdout text (one JSON object per line). */
export const framesOf = (stdout: string): Frame[] => stdout.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Frame);

interface StreamRun {
  profile: string;
  /** Flags after the stream-json ones. */
  extra?: string[];
  scenario?: ScenarioT;
  /** Variables beside the silent log level. */
  env?: Record<string, string>;
  cwd?: string;
}

const inMemory = (o: StreamRun, argv: string[]) => ({ argv, env: { CBC_EMU_LOG_LEVEL: 'silent', ...o.env }, cwd: o.cwd, scenario: o.scenario });

/** All of `stdin` written at once, then closed: the frames the run wrote. */
export async function runStream(o: StreamRun & { stdin: string }): Promise<Frame[]> {
  const { stdout } = await runInMemory({ ...inMemory(o, streamArgv(o.profile, ...(o.extra ?? []))), stdin: o.stdin });
  return framesOf(stdout);
}

/** A `-p <prompt>` run (printArgv) with stdin empty and closed: the frames it wrote. */
export async function runPrint(o: StreamRun & { prompt: string }): Promise<Frame[]> {
  const { stdout } = await runInMemory({ ...inMemory(o, printArgv(o.profile, o.prompt, ...(o.extra ?? []))), stdin: '' });
  return framesOf(stdout);
}

/**
 * What a host does on each frame: write lines on the next tick (`send`, as a host's answer comes after the frame) or
 * at once (`write`, read with the frame's own chunk), or end stdin (on the next tick).
 */
export interface Host {
  send(text: string): void;
  write(text: string): void;
  end(): void;
}

/**
 * A run driven as a host drives it: `first` is written at once (a list: one write each), `on` sees each frame (and the
 * frames so far, that one included) and answers through the host; stdin ends at the first result unless
 * `endAtResult: false`. Resolves with the frames and the exit code.
 */
export async function driveStream(o: StreamRun & { first: string | string[]; on?: (f: Frame, host: Host, frames: Frame[]) => void; endAtResult?: boolean }): Promise<{ frames: Frame[]; code: number }> {
  const { stdin, stdout, exit } = startInMemory(inMemory(o, streamArgv(o.profile, ...(o.extra ?? []))));
  const host: Host = { send: (text) => setImmediate(() => stdin.write(text)), write: (text) => stdin.write(text), end: () => setImmediate(() => stdin.end()) };
  const frames = readFrames(stdout, (f) => {
    o.on?.(f, host, frames);
    if (f['type'] === 'result' && o.endAtResult !== false) host.end();
  });
  for (const text of typeof o.first === 'string' ? [o.first] : o.first) stdin.write(text);
  return { frames, code: await exit };
}
