// The scripted "model" behind both fake APIs of `npm run capture` (issue #5): a prompt keyword picks the
// reply, so a capture's stdin script alone decides what the real CLI does. Mirrors
// shared/reference/capture-kit/fake_messages_api.py so new captures line up with the copied ones.

/** Workflow script that takes ~6 s (stopped by stop_task in wf_stopped). */
export const WF_SLOW = `export const meta = {
  name: 'slow-wf',
  description: 'Slow workflow',
  phases: [{ title: 'Work' }],
}
phase('Work')
const x = await agent('SUBAGENT_SLOW take your time', {label: 'slow'})
return x
`;
/** Workflow script whose body throws after one agent (wf_failed). */
export const WF_FAIL = `export const meta = {
  name: 'fail-wf',
  description: 'Failing workflow',
}
const x = await agent('SUBAGENT_ALPHA reply', {label: 'one'})
throw new Error('boom from script')
`;
/** Two phases, three agents (wf_complete). */
export const WF_SCRIPT = `export const meta = {
  name: 'mock-wf',
  description: 'Mock workflow for wire capture',
  phases: [{ title: 'Scan' }, { title: 'Report' }],
}
phase('Scan')
const a = await parallel([
  () => agent('SUBAGENT_ALPHA reply with the word alpha', {label: 'scan:alpha'}),
  () => agent('SUBAGENT_BETA reply with the word beta', {label: 'scan:beta'}),
])
phase('Report')
const r = await agent('SUBAGENT_GAMMA summarize', {label: 'report'})
return { a, r }
`;

/**
 * Decides the reply for one model request.
 * @param {{first: string, last: string, hasToolResult: boolean, tools: string[]}} req
 * @returns {{kind: 'text'|'slow'|'hang'|'error', text?: string} | {kind: 'tool', name: string, input: object}}
 */
export function decide({ first, last, hasToolResult, tools }) {
  if (first.includes('SUBAGENT_SLOW')) return { kind: 'slow', text: 'slow done' };
  if (first.includes('SUBAGENT_ALPHA')) return { kind: 'text', text: 'alpha' };
  if (first.includes('SUBAGENT_BETA')) return { kind: 'text', text: 'beta' };
  if (first.includes('SUBAGENT_GAMMA')) return { kind: 'text', text: 'gamma summary' };
  if (hasToolResult || last.includes('task-notification')) return { kind: 'text', text: 'FINAL: acknowledged' };
  if (last.includes('APIERR')) return { kind: 'error' };
  if (last.includes('HANG')) return { kind: 'hang', text: 'thinking...' };
  if (last.includes('SLOWTEXT')) return { kind: 'slow', text: 'slow reply' };
  const has = (n) => tools.length === 0 || tools.includes(n);
  if (last.includes('FGBASH') && has('Bash')) return { kind: 'tool', name: 'Bash', input: { command: 'touch fg.txt && echo fg-output', description: 'Touch and echo' } };
  if (last.includes('BGBASH') && has('Bash')) return { kind: 'tool', name: 'Bash', input: { command: 'sleep 2; echo bg-output', description: 'Sleep then echo', run_in_background: true } };
  if (last.includes('WFSLOW') && has('Workflow')) return { kind: 'tool', name: 'Workflow', input: { script: WF_SLOW, description: 'Slow wf' } };
  if (last.includes('WFFAIL') && has('Workflow')) return { kind: 'tool', name: 'Workflow', input: { script: WF_FAIL, description: 'Fail wf' } };
  if (last.includes('WORKFLOW') && has('Workflow')) return { kind: 'tool', name: 'Workflow', input: { script: WF_SCRIPT, description: 'Mock workflow' } };
  if (last.includes('BGSLOWAGENT') && has('Agent')) return { kind: 'tool', name: 'Agent', input: { description: 'slow helper', prompt: 'SUBAGENT_SLOW take your time', subagent_type: 'general-purpose', run_in_background: true } };
  if (last.includes('BGAGENT') && has('Agent')) return { kind: 'tool', name: 'Agent', input: { description: 'bg helper', prompt: 'SUBAGENT_ALPHA do it', subagent_type: 'general-purpose', run_in_background: true } };
  return { kind: 'text', text: 'Hello from fake API.' };
}

/** How long a `slow` reply holds the response (ms). */
export const SLOW_MS = 6000;

/** Reads a request body as JSON (or `{}`). */
export function readBody(req) {
  return new Promise((resolve) => {
    const parts = [];
    req.on('data', (c) => parts.push(c));
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(parts).toString('utf8')));
      } catch {
        resolve({});
      }
    });
  });
}
