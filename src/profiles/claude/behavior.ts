import { join, resolve, sep } from 'node:path';
import type { TaskInfo } from '../../engine/events.js';
import type { InitToolOptions, ProfileBehavior } from '../../engine/profile.js';
import { truthy } from '../../env.js';
import { dashedCwd } from '../../protocol/paths.js';
import { profileData } from '../data.js';
import { isRawFrame } from '../../protocol/raw-frame.js';
import { isUuid } from '../../protocol/vocabulary.js';
import type { OddProblem } from '../../transport/inbound.js';
import { moreClaudeBehavior, unrecognizedModelWarnings } from './behavior-more.js';
import { agentTools, mainAgent } from './main-agent.js';
import { bunJsonError } from './bun-json.js';
import { flagList, flagText, startWarnings } from './flags.js';
import { costOf } from './usage.js';
import { isPre5Model, TASK_LIST_TOOLS_328, type ClaudeSpec } from './spec.js';
import { apiModel, CANCELLED_CALL_TEXT } from './turn.js';
import { writtenPath } from './permission.js';

/** A bare --disallowedTools name removes the agent tool under either of its names, Agent or Task (2.1.220 lists it as Task; opt_disallowedTools_agent_stream_bgagent_h9). */
const AGENT_NAMES = ['Agent', 'Task'];
const disallowedByName = (disallowed: readonly string[], t: string): boolean => disallowed.includes(t) || (AGENT_NAMES.includes(t) && disallowed.some((d) => AGENT_NAMES.includes(d)));

/** Claude Code's behaviour (claude-code-cli.md §5-§9 and the captures). */
export function claudeBehavior(spec: ClaudeSpec): ProfileBehavior {
  const { v328 } = spec;
  return { ...moreClaudeBehavior(spec),
    lateAbortRows: false, foregroundAgentTask: true, replaysHostResponses: true, setModelNextCall: 'and-tool-hooks', // measured: env_disable_bg_agent_fm, req_can_use_tool_allow_replay_h7, ctl_set_model_pending_permission_h7, ctl_set_model_pending_hook_fd
    ...{ hostAddsRules: true, foldsQueuedPrompts: v328 ? 'hooked' : true, settingsCommandHooks: true }, // measured: req_can_use_tool_*_fc, in_user_pending_*, opt_settings_hook_*
    abortError: () => 'Stopped because the workflow was stopped',
    stopSnapshot: v328,
    controlSubtypes: new Set([
      ...['initialize', 'interrupt', 'set_permission_mode', 'set_model', 'set_max_thinking_tokens', 'stop_task', 'mcp_status'],
      ...Object.keys(profileData(spec.name).controlReplies ?? {}),
      // answered from the session (control-live.ts); 2.1.220 knows neither update_settings nor get_task_output (measured)
      ...['list_models', 'mcp_set_servers', 'read_file', 'register_repo_root', 'rename_session', 'get_usage', 'get_session_cost'],
      ...(v328 ? ['update_settings', 'get_task_output'] : []),
    ]),
    resolveModel: (name) => resolveModel(spec, name),
    rejectPermissionMode: (mode, launchedWith) => {
      if (!PERMISSION_MODES.includes(mode)) return { message: `Cannot set permission mode: must be one of ${PERMISSION_MODES.join(', ')}`, code: 'invalid_mode' };
      // bypassPermissions only for a session launched able to bypass (measured: ctl_set_permission_mode_bypasspermissions_h2;
      // --allow-dangerously-skip-permissions and a bypassPermissions start mode count too, by what --help says they enable)
      const able = launchedWith?.has('dangerously-skip-permissions') === true || launchedWith?.has('allow-dangerously-skip-permissions') === true || launchedWith?.get('permission-mode') === 'bypassPermissions';
      if (mode === 'bypassPermissions' && !able) {
        return { message: 'Cannot set permission mode to bypassPermissions because the session was not launched with --dangerously-skip-permissions', code: 'bypass_not_launched' };
      }
      return undefined;
    },
    stopUnknownTask: 'ok',
    exitCodeAfterErrorResult: 1, // claude-code-cli.md §8
    requiresVerboseForStreamJson: true,
    // 2.1.328 also writes them for an SDK that reads the session state, marked sdk_host_only (measured: env_sdk_reads_state_only)
    emitsSessionState: (env) => truthy(env['CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS']) || (v328 && truthy(env['CLAUDE_CODE_SDK_READS_SESSION_STATE'])),
    settingsDir: '.claude',
    defaultModel: spec.defaultModel,
    initTools: (o) => claudeTools(spec, o),
    malformedLine: (line, err) => ({ fatal: parseFailure(v328, line, err.name, `JSON Parse error: ${bunJsonError(line, err)}`) }),
    oddLine: (problem, line, value) => claudeOddLine(v328, problem, line, value),
    // measured on both versions: no turn, nothing written; a null content is an empty prompt (captures in_content_number_fm, in_text_block_no_text_fm, in_content_null_fm)
    oddContent: (problem) => (problem === 'null' ? 'accept' : 'ignore'),
    // cli.md §5.4 summary texts; a stopped task's summary is its bare description (captures wfstop, stoptask)
    summary: (t, status, d) => {
      if (status === 'stopped') return t.description;
      if (t.kind === 'workflow') return status === 'completed' ? `Dynamic workflow "${t.description}" completed` : `Dynamic workflow "${t.description}" failed: ${d.error ?? 'Error'}`;
      if (t.kind === 'agent') return d.result ?? '';
      return status === 'completed'
        ? `Background command "${t.description}" completed (exit code ${d.exitCode ?? 0})`
        : `Background command "${t.description}" failed with exit code ${d.exitCode ?? 1}`;
    },
    launchedText: (t) =>
      t.kind === 'workflow'
        ? workflowLaunchedText(v328, t)
        : t.kind === 'agent'
          ? `Async agent launched successfully. (This tool result is internal metadata — never quote or paste any part of it, including the agentId below, into a user-facing reply.)\nagentId: ${t.taskId} (internal ID - do not mention to user. Use SendMessage with to: '${t.taskId}', summary: '<5-10 word recap>' to continue this agent.)\nThe agent is working in the background. You will be notified automatically when it completes. You know nothing about its results until that notification arrives — do not report, assume, or predict them; continue other work or respond to the user in the meantime.\nDo not duplicate this agent's work — avoid working with the same files or topics it is using.\noutput_file: ${t.outputFile}\nDo NOT Read or tail this file via the shell tool — it is the full subagent JSONL transcript and reading it will overflow your context. If the user asks for progress, say the agent is still running; you'll get a completion notification.`
          : `Command running in background with ID: ${t.taskId}. Output is being written to: ${t.outputFile}. You will be notified when it completes. To check interim output, use Read on that file path.`,
    backgroundInPrint: 'wait', // cli.md §9: no error; the CLI waits, then runs a follow-up turn
    // measured on both versions (capture env_disable_bg_bash_h3): Bash drops run_in_background from its schema
    backgroundOff: { env: 'CLAUDE_CODE_DISABLE_BACKGROUND_TASKS', shell: 'invalid-input' },
    interruptedErrors: ['[ede_diagnostic] result_type=user last_content_type=n/a stop_reason=null'],
    // measured on both versions (capture req_can_use_tool_deny_interrupt_h2)
    denyInterrupt: { shows: 'tool-result', errors: ['[ede_diagnostic] result_type=user last_content_type=n/a stop_reason=tool_use'] },
    // measured on both versions (captures eof_pending_permission_h2, req_can_use_tool_error_answer, req_can_use_tool_deny_no_message)
    permissionFailure: (f) => ({
      text: f.kind === 'closed' ? 'Tool permission request failed: AbortError: Tool permission stream closed before response received' : f.kind === 'error' ? `Tool permission request failed: Error: ${f.message}` : f.text,
      counted: true,
    }),
    acceptEditsShell: (input, cwd, mode) => {
      const written = (mode === 'acceptEdits' || mode === 'auto') && typeof input['command'] === 'string' ? writtenPath(input['command']) : undefined;
      if (written === undefined) return false;
      const path = resolve(cwd, written);
      return path === cwd || path.startsWith(cwd.endsWith(sep) ? cwd : cwd + sep);
    },
    invalidPermissionAnswer: (body) => (validPermissionAnswer(body) ? undefined : v328 ? `${INVALID_ANSWER} ${INVALID_ANSWER_328}` : INVALID_ANSWER),
    // measured on both versions (captures sig_int_pending_permission_h2, req_can_use_tool_interrupt_pending)
    interruptAtPermission: 'refuse-call',
    askInsideToolStream: v328 ? 1 : 3, // measured (req_can_use_tool_allow_partial_h4): 2.1.220 after the assistant frame, 2.1.328 before message_stop
    interruptWritesPartial: true, // measured on both versions: an assistant frame marked aborted (int_mid)
    interruptedTurnSucceeds: false,
    batchesQueuedPrompts: true, // measured: in_user_uuid_queued_two (one turn answers both lines, its uuids both)
    outputFile: claudeOutputFile,
    outputRoot: claudeTmp,
    // measured (captures sig_*): SIGINT ends a running turn as interrupted and exits 0 on both; 2.1.220 dies by SIGTERM /
    // SIGHUP while it starts up (sig_term_idle), then exits 143 / 129 once it answered initialize or a turn
    // (sig_term_after_init_late, sig_term_after_ctl, sig_term_after_result)
    signalStopsTasks: new Set(['SIGHUP', 'SIGINT', 'SIGTERM']), // measured: SIGINT and SIGTERM on both versions
    signalEnd: v328 ? { SIGINT: 'interrupt' } : { SIGINT: 'interrupt', SIGTERM: 'raise-until-ready', SIGHUP: 'raise-until-ready' },
    // measured: 2.1.220's SIGTERM refuses a pending can_use_tool as an interrupt does, then exits 143; its SIGHUP and
    // 2.1.328's SIGTERM write nothing more (captures sig_term_pending_permission, sig_hup_pending_permission)
    signalCancelsHostRequests: v328 ? undefined : new Set(['SIGTERM']),
    resumedModel: apiModel,
    projectAllowIgnored: (n, cwd, home) => // measured: opt_settings_allow_bash_project (1 entry; the plural is inferred)
      `Ignoring ${n} permissions.allow ${n === 1 ? 'entry' : 'entries'} from .claude/settings.json: this workspace has not been trusted. Run Claude Code interactively here once and accept the trust dialog, or set projects[${JSON.stringify(cwd)}].hasTrustDialogAccepted: true in ${join(home, '.claude', '.claude.json')}.`,
    initializeJsonSchema: true, // measured: ctl_initialize_json_schema_h3 (StructuredOutput listed, the reminder turn)
    schemaEnforcement: '[structured-output-enforce] You MUST call the StructuredOutput tool to complete this request. Call this tool now.',
    shellStderrFile: () => undefined,
    maxTurnsError: (limit) => `Reached maximum number of turns (${limit})`, // captures ses_max_turns
    binding: { resumeNotFound, sessionIdInUse: 'refuse', resumeAtNotFound: (id) => `No message found with message.uuid of: ${id}` },
    sessionErrorOnStderr: true,
    toolUseBeforeHooks: true,
    stopHookBlocks: true,
    promptHookStops: { block: 'result', stop: 'result', interrupted: 'bare-result' },
    // measured: req_hook_callback_pre_deny, _pre_block, _pre_continue_false
    preToolHook: { block: 'deny', stop: 'after-tool', denyText: (tool, reason) => (v328 ? `PreToolUse:${tool} hook error: ${reason ?? ''}` : (reason ?? '')), denialIsError: true,
      timeoutText: 'PreToolUse hook did not respond before its timeout (host client may be unreachable). The tool call was not executed; other configured hooks may not have completed.',
      disconnectText: CANCELLED_CALL_TEXT, allowYieldsToRules: true, postStops: true, postToolBatch: true, subagentHooks: true }, // measured on both versions: eof_pending_hook_callback_h5, req_hook_callback_{pre_allow_deny_rule,post_continue_false}_fv
    // measured: req_hook_callback_prompt_block, req_hook_callback_prompt_continue_false
    promptStopText: (how, reason, prompt) =>
      how === 'block' ? `UserPromptSubmit operation blocked by hook:\n${reason ?? 'Blocked by hook'}\n\nOriginal prompt: ${prompt}` : `Operation stopped by hook${reason === undefined ? '' : `: ${reason}`}`,
    asksHostWithoutPromptTool: false,
    workflowInputNamesScriptPath: false,
    workflowPromptInTaskStarted: true,
    mcpClientName: 'claude-code',
    mcpInitialize: (id) => mcpInitialize(spec, id),
    sdkServersReconnect: v328, // measured: ctl_initialize_sdk_mcp_server_fp
    versionText: `${spec.version} (Claude Code)\n`,
    helpName: spec.name,
    // 2.1.328 names a model it does not recognise on stderr (captures opt_model_unknown_ft, opt_model_empty_ft; said once here)
    startWarnings: (flags, model) => [...startWarnings(flags), ...unrecognizedModelWarnings(spec, flags, model, (n) => resolveModel(spec, n))],
    modelEnv: 'ANTHROPIC_MODEL', // measured: env_model_sonnet, env_model_alias_opus
    // measured: opt_max_budget_usd_small, opt_max_budget_usd_stream
    budget: { costUsd: (model, input, output) => costOf(spec, model, input, output), error: (limit) => `Reached maximum budget ($${limit})` },
  };
}

/**
 * Claude Code's init tools (measured: opt_disallowedTools, req_can_use_tool_allow): a disallowed tool leaves the
 * list, and without Bash the Glob and Grep tools join it (Monitor leaves); a host that answers prompts adds the interactive
 * AskUserQuestion, EnterPlanMode and ExitPlanMode. `Task` first, the rest in name order.
 */
function claudeTools(spec: ClaudeSpec, o: InitToolOptions): string[] {
  // --agent naming one of --agents' own narrows them to its tools (main-agent.ts)
  // the tool --permission-prompt-tool names is not offered to the model (capture opt_permission_prompt_tool_builtin_ff)
  const prompter = flagText(o.cliFlags, 'permission-prompt-tool');
  const listed = agentTools(builtInTools(spec, o), mainAgent(o.cliFlags, o.agent, o.hostAgents)).filter((t) => t !== prompter);
  // the initialize request's jsonSchema adds StructuredOutput after the sorted list (measured: ctl_initialize_json_schema_h3)
  return o.structuredOutput === 'initialize' ? [...listed, 'StructuredOutput'] : listed;
}

function builtInTools(spec: ClaudeSpec, o: InitToolOptions): string[] {
  // --bare (CLAUDE_CODE_SIMPLE): the three basic tools only (measured: opt_bare)
  // with --tools too, only the basic tools it names (measured: env_simple_with_tools_flag_stream_fy: Read,Grep gives Read)
  if (o.cliFlags?.has('bare') === true) {
    const named = flagList(o.cliFlags, 'tools');
    return ['Bash', 'Edit', 'Read'].filter((t) => !o.disallowed.includes(t) && (named === undefined || named.includes('default') || named.includes(t)));
  }
  // --restricted drops the tools that run commands or code, and WebFetch (measured: opt_restricted); Glob/Grep replace Bash
  const restricted = o.cliFlags?.has('restricted') === true;
  const noBash = o.disallowed.includes('Bash') || restricted;
  const extra = [
    ...(spec.v328 && isPre5Model(o.model) ? TASK_LIST_TOOLS_328 : []),
    ...(o.hostAnswersPrompts ? ['AskUserQuestion', 'EnterPlanMode', 'ExitPlanMode'] : []),
    ...(noBash || o.deniedLater?.includes('Bash') === true ? ['Glob', 'Grep'] : []), // req_can_use_tool_deny_rule_then_call_fc
    ...(o.structuredOutput === true ? ['StructuredOutput'] : []), // measured: opt_json_schema (sorted in)
  ];
  // Monitor watches Bash commands (gone with Bash); CODEBUDDY_DISABLE_WORKFLOWS is cbc's switch, not Claude Code's (measured);
  // its own CLAUDE_CODE_DISABLE_WORKFLOWS takes Workflow off the list (measured: env_claude_disable_workflows_workflow_fy)
  // --disable-slash-commands drops the Skill tool with the skills (measured: opt_disable_slash_commands_stream)
  const noSkill = o.cliFlags?.has('disable-slash-commands') === true;
  const keep = (t: string) =>
    !disallowedByName(o.disallowed, t) && !(noBash && t === 'Monitor') && !(restricted && RESTRICTED_OUT.includes(t)) && !(noSkill && t === 'Skill') && !(o.disableWorkflows && t === 'Workflow');
  // --tools names the built-in tools offered, `default` all of them, "" none (measured: opt_tools_read, opt_tools_bash_edit, opt_tools_empty)
  const only = flagList(o.cliFlags, 'tools');
  if (only !== undefined && !only.includes('default')) return order(only.filter(keep));
  return order([...spec.tools, ...extra].filter(keep));
}

/** Claude Code's tool order: Task first, the others by name. */
function order(tools: readonly string[]): string[] {
  const rest = [...new Set(tools)].filter((t) => t !== 'Task').sort();
  return [...(tools.includes('Task') ? ['Task'] : []), ...rest];
}

/** What --restricted removes (measured: opt_restricted): the tools that run commands, schedule prompts or scripts, and WebFetch. */
const RESTRICTED_OUT = ['Bash', 'CronCreate', 'WebFetch', 'Workflow'];

/** The modes set_permission_mode accepts, as its error lists them (measured on 2.1.220 and 2.1.328). */
const PERMISSION_MODES = ['acceptEdits', 'auto', 'bypassPermissions', 'default', 'dontAsk', 'plan'];

/**
 * What a model name stands for, per the initialize reply's `models` (value -> resolvedModel): an alias
 * listed only with its 1M-context variant (2.1.220's `opus` beside `opus[1m]`) resolves to that model
 * without the `[1m]` suffix; a name that is no alias is taken as given (measured: set_model, --model).
 */
function resolveModel(spec: ClaudeSpec, given: string): string {
  const models = (profileData(spec.name).initializeResponse['models'] ?? []) as Array<{ value: string; resolvedModel: string }>;
  // the name is trimmed and an alias matched in any case (read from its model resolver; opt_model_spaces_fa, opt_model_uppercase_alias_fa)
  const name = given.trim();
  // its built-in aliases the catalogue does not list: `best` is Opus, `opusplan` Sonnet outside plan mode (opt_model_best_fa, opt_model_opusplan_fa)
  const alias = ({ best: 'opus', opusplan: 'sonnet' } as Readonly<Record<string, string>>)[name.toLowerCase()] ?? name.toLowerCase();
  const exact = models.find((m) => m.value === name || m.value === alias);
  if (exact) return exact.resolvedModel;
  // an alias with a 1M-context suffix the catalogue does not list: the alias's model, whose own window is used
  // (2.1.328's sonnet[1m] is claude-sonnet-5-5: opt_model_1m_alias_fa)
  const plain = alias.replace(/\[1m\]$/, '');
  const base = plain !== alias ? models.find((m) => m.value === plain) : undefined;
  if (base) return base.resolvedModel;
  const wide = models.find((m) => m.value === `${alias}[1m]`);
  return wide ? wide.resolvedModel.replace(/\[1m\]$/, '') : name;
}

/** Claude's temp folder: CLAUDE_CODE_TMPDIR when set, else the emulator home's `tmp`. */
function claudeTmp(home: string, env: Readonly<Record<string, string | undefined>>): string {
  return env['CLAUDE_CODE_TMPDIR'] || join(home, 'tmp');
}

/**
 * Claude's output file layout: `<tmp>/claude-<uid>/<cwd->/<session>/tasks/<task>.output`, where `<tmp>` is
 * CLAUDE_CODE_TMPDIR when set (measured: the captures set it) and the emulator home's `tmp` otherwise.
 */
function claudeOutputFile(home: string, cwd: string, sessionId: string, taskId: string, env: Readonly<Record<string, string | undefined>>): string {
  const uid = typeof process.getuid === 'function' ? process.getuid() : 0;
  return join(claudeTmp(home, env), `claude-${uid}`, dashedCwd(cwd), sessionId, 'tasks', `${taskId}.output`);
}

/** Claude Code's refusal of `--resume <value>` (captures ses_resume_unknown, ses_resume_invalid; an empty value names none: ses_resume_empty_ft). */
function resumeNotFound(value: string): string {
  if (isUuid(value)) return `No conversation found with session ID: ${value}`;
  const usage = 'Error: --resume requires a valid session ID or session title when used with --print. Usage: claude -p --resume <session-id|title>';
  return value === '' ? usage : `${usage}. Provided value ${JSON.stringify(value)} is not a UUID and does not match any session title.`;
}

/** Claude Code's stderr line for a stdin line it could not read (2.1.328 names only the type and the length). */
function parseFailure(v328: boolean, line: string, errName: string, message: string): string {
  return v328
    ? `Error parsing streaming input line (type=${/"type"\s*:\s*"([^"]*)"/.exec(line)?.[1] ?? 'unknown'}, ${line.length} chars): ${errName}`
    : `Error parsing streaming input line: ${line}: ${errName}: ${message}`;
}

/** What Claude Code does with JSON that is no frame it reads (captures in_json_null, in_ctl_no_request, in_user_no_message). */
function claudeOddLine(v328: boolean, problem: OddProblem, line: string, value: unknown): ReturnType<ProfileBehavior['oddLine']> {
  const field = (v: unknown, key: string) => (isRawFrame(v) ? v[key] : undefined);
  switch (problem) {
    case 'null':
      return { fatal: parseFailure(v328, line, 'TypeError', "null is not an object (evaluating 't.type')") };
    case 'no-request': {
      if (v328) return { fatal: 'Error: Missing request on control_request' };
      const what = field(value, 'request') === null ? 'null' : 'undefined';
      return { fatal: parseFailure(v328, line, 'TypeError', `${what} is not an object (evaluating 'e.request.subtype')`) };
    }
    case 'no-message':
    case 'user-role': {
      const role = field(field(value, 'message'), 'role');
      return { fatal: `Error: Expected message role 'user', got '${typeof role === 'string' ? role : JSON.stringify(role) ?? 'undefined'}'` };
    }
    case 'not-object':
    case 'unknown-type':
    case 'bad-response':
      return 'ignore';
  }
}

/** The Workflow launch's tool_result text: its run's folders and how to resume it (captures wf_*; the resume advice differs by version). */
function workflowLaunchedText(v328: boolean, t: TaskInfo): string {
  const head = `Workflow launched in background. Task ID: ${t.taskId}\nSummary: ${t.description}\n`;
  const tail = '\nYou will be notified when it completes. Use /workflows to watch live progress.';
  const r = t.workflowRun;
  if (r === undefined) return `${head}${tail}`;
  const resume = v328
    ? `To resume after editing the script, with the same args if this run had any: Workflow({scriptPath: "${r.scriptPath}", resumeFromRunId: "${r.runId}"}) — agent() calls return cached results up to the first one that failed, no longer matches (edited, added, removed, or in a different call order) or never started. Cached results may themselves be empty: inspect journal.jsonl before assuming there is something to recover.`
    : `To resume after editing the script: Workflow({scriptPath: "${r.scriptPath}", resumeFromRunId: "${r.runId}"}) — completed agents return cached results (cached results may themselves be empty — inspect journal.jsonl before assuming there is something to recover).`;
  return (
    `${head}Transcript dir: ${r.transcriptDir}\nScript file: ${r.scriptPath}\n` +
    `(Edit this file with Write/Edit and re-invoke Workflow with {scriptPath: "${r.scriptPath}"} to iterate without resending the script.)\n` +
    `Run ID: ${r.runId}\n${resume}\n${tail}`
  );
}

/** Claude Code's refusal of a can_use_tool answer that is no permission result (measured: req_can_use_tool_deny_no_message). */
const INVALID_ANSWER = "The canUseTool callback returned an invalid permission result. Expected {behavior: 'allow', updatedInput?: object} or {behavior: 'deny', message: string}.";
/** What 2.1.328 adds to it. */
const INVALID_ANSWER_328 = 'updatedPermissions may hold at most 4096 updates, rules and directories in all.';

/** A permission result as the text above states it: allow with an optional object updatedInput, or deny with a message. */
function validPermissionAnswer(body: Readonly<Record<string, unknown>>): boolean {
  const input = body['updatedInput'];
  if (body['behavior'] === 'allow') return input === undefined || (typeof input === 'object' && input !== null && !Array.isArray(input));
  return body['behavior'] === 'deny' && typeof body['message'] === 'string';
}

/** The SDK MCP handshake's initialize message, measured (ctl_mcp_set_servers_sdk_h4): its key order, and clientInfo's, which 2.1.328 reordered. */
function mcpInitialize(spec: ClaudeSpec, id: number): Record<string, unknown> {
  const about = { name: 'claude-code', title: 'Claude Code' };
  const site = { description: "Anthropic's agentic coding tool", websiteUrl: 'https://claude.com/claude-code' };
  const clientInfo = spec.v328 ? { ...about, ...site, version: spec.version } : { ...about, version: spec.version, ...site };
  return { method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo }, jsonrpc: '2.0', id };
}
