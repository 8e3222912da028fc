// Plays a capture case's stdin script against a spawned CLI: the one interpreter both `npm run capture`
// (capture.mjs, the real CLIs) and compare.mjs (the emulator) use, so a case means the same on both sides.
// Steps: `{send: object|string, fill?: n}` (a string is written raw; `{fill}` inside it becomes n × "x"),
// `{write: text}` (written as it is, no newline added: a line split across writes), `{sleep: s}`, `{wait_for: text, timeout?: s}`, `{close: true}` (stdin EOF), `{signal: 'SIGINT'|…}`, and
// `{answer: subtype, response: object, timeout?: s}` (waits for the CLI's next unanswered control_request of
// that subtype and replies `{subtype:'success', request_id, response}`, or with `error: text` instead of `response`
// `{subtype:'error', request_id, error}`). `{task_id}` in a send is the task_id
// of the last task_started seen.

/** The frames of a partial stdout (complete JSON lines only). */
export function framesOf(text) {
  const out = [];
  for (const line of text.split('\n')) {
    try {
      const f = JSON.parse(line);
      if (f && typeof f === 'object') out.push(f);
    } catch {
      /* partial or non-JSON line */
    }
  }
  return out;
}

/** The stdin line a `send` step writes (without the newline). */
export function lineOf(step, text) {
  let line = typeof step.send === 'string' ? step.send : JSON.stringify(step.send);
  if (line.includes('{task_id}')) {
    const id = framesOf(text()).filter((f) => f.subtype === 'task_started').at(-1)?.task_id;
    line = line.replace('{task_id}', String(id));
  }
  if (step.fill) line = line.replace('{fill}', 'x'.repeat(step.fill));
  return line;
}

const pause = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * How long a wait step waits, in ms: its timeout shrinks with the clock like a sleep (a text the real CLI had not
 * written within `timeout` s comes from the emulator within timeout / scale), but never below 2 s of real time, so
 * a slow start on a loaded machine still has room (and a replay that differs is retried at scale 1).
 */
export const waitMs = (st, scale) => Math.max((st.timeout ?? 15) / scale, Math.min(st.timeout ?? 15, 2)) * 1000;

/**
 * Runs `steps` against `child`; `text()` is its stdout so far, `done()` true once it exited.
 * `scale` divides sleeps and wait timeouts (the emulator runs on a faster virtual clock; see waitMs).
 */
export async function playSteps(child, steps, { text, done, scale = 1 }) {
  const answered = new Set();
  for (const st of steps) {
    if ('sleep' in st) await pause((st.sleep * 1000) / scale);
    else if ('wait_for' in st) {
      const until = Date.now() + waitMs(st, scale);
      while (!done() && Date.now() < until && !text().includes(st.wait_for)) await pause(20);
    } else if ('answer' in st) {
      const until = Date.now() + waitMs(st, scale);
      let req;
      while (!done() && Date.now() < until) {
        req = framesOf(text()).find((f) => f.type === 'control_request' && f.request?.subtype === st.answer && !answered.has(f.request_id));
        if (req) break;
        await pause(20);
      }
      if (req && !done()) {
        answered.add(req.request_id);
        const response = 'error' in st ? { subtype: 'error', request_id: req.request_id, error: st.error } : { subtype: 'success', request_id: req.request_id, response: st.response };
        child.stdin.write(JSON.stringify({ type: 'control_response', response }) + '\n');
      }
    } else if ('send' in st) {
      if (!done() && !child.stdin.destroyed) child.stdin.write(lineOf(st, text) + '\n');
    } else if ('write' in st) {
      if (!done() && !child.stdin.destroyed) child.stdin.write(st.write);
    } else if ('signal' in st) {
      if (!done()) child.kill(st.signal);
    } else if ('close' in st) child.stdin.end();
  }
  child.stdin.end();
}
