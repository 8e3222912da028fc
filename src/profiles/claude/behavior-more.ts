import { agentKeepsSchemaTool, mainAgentModel } from './main-agent.js';
import type { CliFlags, ProfileBehavior } from '../../engine/profile.js';
import { controlArgumentError } from './arg-checks.js';
import { fallbackTrigger } from './fallback.js';
import { flagText } from './flags.js';
import { isUnrecognizedModel, type ClaudeSpec } from './spec.js';
import { WORKFLOWS_OFF_ENV } from './workflows-off.js';

/** Claude Code's behaviour beyond claudeBehavior (which is at its length limit): issue #16's later findings. */
export function moreClaudeBehavior(spec: ClaudeSpec): Partial<ProfileBehavior> {
  return {
    modelFallbackTrigger: fallbackTrigger, // read from its retry loop (fallback.ts)
    workflowsOffEnv: WORKFLOWS_OFF_ENV, // Workflow leaves the tools (workflows-off.ts)
    // measured on both versions: an interrupt leaves background shell commands running, stops agents and workflows
    // before its reply, and each stopped agent writes its own interrupted message (engine/interrupt-tasks.ts)
    // anySession: measured on both versions (ctl_interrupt_other_session_fd); stopTaskFollowsUp: on 2.1.328
    // (ctl_stop_task_bg_agent_fd; a stopped shell command starts none: ctl_stop_task_bg_bash_fd)
    interruptTasks: { spares: ['bash', 'powershell'], agentText: '[Request interrupted by user]', anySession: true, stopTaskFollowsUp: true, cancelsQueued: true },
    controlArgumentError: (subtype, request) => controlArgumentError(spec, subtype, request),
    hookOutputChecked: true, // measured on both versions: req_hook_callback_pre_invalid_fd, req_hook_callback_pre_decision_bogus_fd
    // read from print.ts's initialize handler: a re-initialize (after an initialize or a prompt) answers at once;
    // 2.1.328 registers its hooks again, 2.1.220 applies nothing of it (capture ctl_initialize_mid_first_turn_h6)
    reinitialize: spec.v328 ? 'hooks-only' : 'ignored',
    // read from 2.1.328's processUserInput (capture in_content_whitespace_h6); 2.1.220 sends it to the model
    // measured: SIGINT after stdin EOF, mid-turn, ends 2.1.220 at once, exit 0, without the interrupted turn's frames
    // (sig_int_after_eof_mid_turn_h6); on 2.1.328 that race went either way run to run, so it keeps signalEnd's interrupt
    signalEndAfterEof: spec.v328 ? undefined : { SIGINT: 'quiet' },
    // a background agent at a signal's shutdown: 2.1.220 writes its stop notification alone, 2.1.328 nothing (measured:
    // sig_int_bg_slow_agent_running_h8, sig_{term,hup}_bg_slow_agent_running_l9)
    agentShutdown: spec.v328 ? 'silent' : 'notification',
    // read from print mode's input: 2.1.220 queues no message for a string that trims to nothing, 2.1.328 refuses it
    // read from print mode's input (getInputPrompt): capture opt_json_schema_bg_task_fa kept stdin open 8 s
    printStdin: { ms: 3000, warning: 'Warning: no stdin data received in 3s, proceeding without it. If piping from a slow command, redirect stdin explicitly: < /dev/null to skip, or wait longer.' },
    blankPromptArg: spec.v328 ? { error: 'Error: Input contained only whitespace. Provide a prompt with text through stdin or as a prompt argument when using --print' } : 'ignored',
    // read from its stdin: `now` aborts the running turn; 2.1.220 drops a line of a priority it does not know
    userPriority: { unknown: spec.v328 ? 'queue' : 'drop' },
    agentModel: mainAgentModel,
    agentKeepsSchema: agentKeepsSchemaTool,
    // read from its prompt-tool wrapper: the tool is looked up among the MCP tools, a built-in name too (captures
    // opt_permission_prompt_tool_unknown_ft, opt_permission_prompt_tool_builtin_ff: "MCP tool Read … not found")
    promptToolError: (name) => `Error: MCP tool ${name} (passed via --permission-prompt-tool) not found. Available MCP tools: none`, // read from its start-up model resolution (main-agent.ts)
    // read from 2.1.328's print loop (waiting for background work): a running background task other than a shell
    // keeps the session `running` past a result unless CLAUDE_CODE_BG_TASKS_REPORT_RUNNING is false
    // (env_session_state_bg_slow_agent_h8); 2.1.220 reports `idle` at every result
    // measured (ses_partial_bg_slow_agent_h8, ses_partial_workflow_slow_fx): a quick launch's frames come after the
    // assistant frame on 2.1.220, after content_block_stop on 2.1.328 (its permission request: askInsideToolStream)
    launchInsideToolStream: spec.v328 ? 2 : 3,
    // read from 2.1.328's print-mode result writer (ses_partial_p_bg_slow_agent_fx on both versions): with the input
    // closed, a running background agent or workflow holds the turn's result back until the next result
    resultHeldBy: new Set(['agent', 'workflow']),
    holdsRunning: spec.v328 ? (env, task) => !definedFalse(env['CLAUDE_CODE_BG_TASKS_REPORT_RUNNING']) && task.kind !== 'bash' && task.kind !== 'powershell' : undefined,
    blankPromptText: spec.v328 ? 'Blank prompt \u2014 the message was only whitespace, so nothing was sent to the model.' : undefined,
  };
}

/** An environment switch set to a false value ("0", "false", "no", "off"), as Claude Code's three-state switches read it. */
const definedFalse = (v: string | undefined): boolean => v !== undefined && ['0', 'false', 'no', 'off'].includes(v.trim().toLowerCase());

/**
 * 2.1.328's stderr notice for each model it does not recognise: the session's, then --fallback-model's once resolved
 * (captures opt_model_unknown_ft, opt_fallback_model_unknown_api_error_fa).
 */
export function unrecognizedModelWarnings(spec: ClaudeSpec, flags: CliFlags | undefined, model: string, resolve: (name: string) => string): string[] {
  if (!spec.v328) return [];
  const fallback = flagText(flags, 'fallback-model');
  const named = [model, ...(fallback !== undefined && fallback !== '' ? [resolve(fallback)] : [])];
  return named.filter((m) => isUnrecognizedModel(m)).map((m) => `[claude-code:unrecognized_model] ${JSON.stringify({ model: m, query_source: 'sdk' })}`);
}
