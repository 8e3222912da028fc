import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { controlFacts } from '../../../../src/engine/control-facts.js';
import type { EncodeContext } from '../../../../src/engine/profile.js';
import { Random } from '../../../../src/engine/random.js';
import { SessionSpend } from '../../../../src/engine/spend.js';
import type { TurnStats } from '../../../../src/engine/events.js';
import { liveControlReply } from '../../../../src/profiles/claude/control-live.js';
import { claudeControlPayload } from '../../../../src/profiles/claude/control.js';
import { CLAUDE_220, CLAUDE_328 } from '../../../../src/profiles/claude/spec.js';
import { costOf, sessionCostText } from '../../../../src/profiles/claude/usage.js';

const stats = (): TurnStats => ({ startedAt: 0, endedAt: 0, apiMs: 0, numTurns: 0, messages: 0, inputTokens: 0, outputTokens: 0, origin: { kind: 'user' }, resultIndex: 0, permissionDenials: [] });

function ctx(model: string, spend: SessionSpend, now = 4000, cwd = '/w'): EncodeContext {
  return { sessionId: 's', cwd, model, permissionMode: 'default', pid: 1, now, rng: new Random('t'), tools: [], transcriptPath: '/t', userHome: '/h', env: {}, spend };
}

// issue #16: Claude Code's control replies that depend on the session (captures ctl_get_usage_*, ctl_get_session_cost_*, ctl_read_file_*)
describe('Claude live control replies (#16)', () => {
  it('prices a model by the list price its initialize entry states', () => {
    expect(costOf(CLAUDE_220, 'claude-opus-5[1m]', 100, 20)).toBeCloseTo(0.001, 10);
    expect(costOf(CLAUDE_328, 'claude-opus-5-5', 100, 20)).toBeCloseTo(0.0008, 10);
    expect(costOf(CLAUDE_328, 'claude-haiku-5-5', 100, 20)).toBeCloseTo(0.00002, 10);
  });

  it('the /cost text counts every model call of the session, per model, with 2.1.328 prompt cache line', () => {
    const spend = new SessionSpend(0);
    spend.call(stats(), 'claude-opus-5-5');
    spend.call(stats(), 'claude-opus-5-5');
    expect(sessionCostText(CLAUDE_328, ctx('claude-opus-5-5', spend, 7000)).split('\n')).toEqual([
      'Estimated cost:        $0.0016',
      'Total duration (API):  0s',
      'Total duration (wall): 7s',
      'Total code changes:    0 lines added, 0 lines removed',
      'Usage by model:',
      '     claude-opus-5-5:  200 input, 40 output, 0 cache read, 0 cache write ($0.0016)',
      'Prompt cache (main):   2 requests · 0% of input tokens from cache · no misses · no prompt caching reported by the API',
    ]);
    expect(sessionCostText(CLAUDE_220, ctx('claude-opus-5[1m]', new SessionSpend(0))).split('\n').at(-1)).toBe('Usage:                 0 input, 0 output, 0 cache read, 0 cache write');
  });

  it('get_usage totals the session; read_file answers from the file the engine looked up', () => {
    const spend = new SessionSpend(0);
    spend.call(stats(), 'claude-opus-5[1m]');
    const [usage] = liveControlReply(CLAUDE_220, { kind: 'canned', subtype: 'get_usage', request: {} }, 'r', ctx('claude-opus-5[1m]', spend)) ?? [];
    expect(JSON.stringify(usage)).toContain('"model_usage":{"claude-opus-5[1m]":{"inputTokens":100,"outputTokens":20');
    const dir = mkdtempSync(join(tmpdir(), 'fa-'));
    writeFileSync(join(dir, 'a.txt'), 'hello\n');
    const read = (path: string) => {
      const request = { path };
      return liveControlReply(CLAUDE_328, { kind: 'canned', subtype: 'read_file', request, facts: controlFacts('read_file', request, dir, [], 'm') }, 'r', ctx('m', spend, 0, dir));
    };
    expect(read('a.txt')).toEqual([{ type: 'control_response', response: { subtype: 'success', request_id: 'r', response: { contents: 'hello\n', absPath: join(dir, 'a.txt'), lossy: false, requested_path: 'a.txt' } } }]);
    expect(read('b.txt')).toEqual([{ type: 'control_response', response: { subtype: 'error', request_id: 'r', error: 'read denied: b.txt' } }]);
  });

  // captures ctl_rewind_files (dry run) and ctl_rewind_files_apply_h3: without checkpoints only a dry run is answered
  it('rewind_files: a dry run gets canRewind: false, anything else is refused with the same text', () => {
    const rewind = (request: Record<string, unknown>) => liveControlReply(CLAUDE_328, { kind: 'canned', subtype: 'rewind_files', request }, 'r', ctx('m', new SessionSpend(0)));
    expect(rewind({ user_message_id: 'u', dry_run: true })).toEqual([{ type: 'control_response', response: { subtype: 'success', request_id: 'r', response: { canRewind: false, error: 'File rewinding is not enabled.' } } }]);
    for (const request of [{ user_message_id: 'u', dry_run: false }, { user_message_id: 'u' }]) {
      expect(rewind(request)).toEqual([{ type: 'control_response', response: { subtype: 'error', request_id: 'r', error: 'File rewinding is not enabled.' } }]);
    }
  });

  // capture ctl_interrupt_cancel_queued_h3
  it('interrupt: cancel_queued adds the (empty) list of cancelled prompts', () => {
    const reply = (cancelQueued: boolean) => claudeControlPayload(CLAUDE_220, { kind: 'interrupt', sessionId: 's', reason: 'r', requested: undefined, cancelQueued }, ctx('m', new SessionSpend(0)));
    expect(reply(true)).toEqual({ still_queued: [], cancelled: [] });
    expect(reply(false)).toEqual({ still_queued: [] });
  });
});
