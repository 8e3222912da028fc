// Issue #16 (helper FD): Claude Code refuses a control request whose fields have the wrong type with its own message
// (read from the handlers; captures ctl_set_model_number_fd, ctl_stop_task_no_id_fd, ctl_get_context_usage_bad_detail_fd,
// ctl_initialize_hooks_array_fd, ctl_apply_flag_settings_string_fd ...); 2.1.220 checks fewer fields.
import { describe, expect, it } from 'vitest';
import { controlArgumentError } from '../../../../src/profiles/claude/arg-checks.js';
import { CLAUDE_220, CLAUDE_328 } from '../../../../src/profiles/claude/spec.js';

describe('control argument checks (#16)', () => {
  it('2.1.328: each check refuses the wrong type and lets the right one (and an absent optional field) pass', () => {
    expect(controlArgumentError(CLAUDE_328, 'set_model', { model: 42 })).toEqual({ message: 'set_model: model must be a string', code: 'invalid_request' });
    expect(controlArgumentError(CLAUDE_328, 'set_model', {})).toBeUndefined();
    expect(controlArgumentError(CLAUDE_328, 'stop_task', {})?.message).toBe('stop_task: task_id must be a string');
    expect(controlArgumentError(CLAUDE_328, 'stop_task', { task_id: 'x' })).toBeUndefined();
    expect(controlArgumentError(CLAUDE_328, 'get_context_usage', { detail: 'bogus' })?.message).toBe("get_context_usage: detail must be 'summary' or 'full'");
    expect(controlArgumentError(CLAUDE_328, 'get_context_usage', { detail: 'summary' })).toBeUndefined();
    expect(controlArgumentError(CLAUDE_328, 'initialize', { hooks: [] })?.message).toMatch(/^initialize: hooks must map/);
    expect(controlArgumentError(CLAUDE_328, 'initialize', { hooks: { PreToolUse: [{ matcher: 'Bash', hookCallbackIds: ['h'] }] } })).toBeUndefined();
    expect(controlArgumentError(CLAUDE_328, 'initialize', { sdkMcpServers: 'x' })?.message).toMatch(/^initialize: sdkMcpServers and/);
    expect(controlArgumentError(CLAUDE_328, 'apply_flag_settings', { settings: 'x' })?.message).toBe('apply_flag_settings requires `settings` to be an object, got string');
    expect(controlArgumentError(CLAUDE_328, 'set_max_thinking_tokens', { max_thinking_tokens: 'lots' })?.message).toMatch(/"highlights", or null$/);
    expect(controlArgumentError(CLAUDE_328, 'set_max_thinking_tokens', { max_thinking_tokens: null })).toBeUndefined();
    expect(controlArgumentError(CLAUDE_328, 'mcp_toggle', { serverName: 's' })?.message).toBe('mcp_toggle: enabled must be a boolean');
  });

  it('2.1.220 checks only the fields its handlers check', () => {
    expect(controlArgumentError(CLAUDE_220, 'stop_task', { task_id: 'x' })).toBeUndefined();
    expect(controlArgumentError(CLAUDE_220, 'stop_task', {})?.message).toBe("undefined is not an object (evaluating 'e.normalize')");
    expect(controlArgumentError(CLAUDE_220, 'get_context_usage', { detail: 'bogus' })).toBeUndefined();
    expect(controlArgumentError(CLAUDE_220, 'rename_session', { title: 7 })?.message).toBe("dt.request.title.trim is not a function. (In 'dt.request.title.trim()', 'dt.request.title.trim' is undefined)");
    expect(controlArgumentError(CLAUDE_220, 'set_max_thinking_tokens', { max_thinking_tokens: 1.5 })?.message).toMatch(/"omitted", or null$/);
  });
});
