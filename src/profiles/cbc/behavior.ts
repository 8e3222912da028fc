import { join } from 'node:path';
import { namesTool } from '../../engine/offered.js';
import type { InitToolOptions, ProfileBehavior } from '../../engine/profile.js';
import { CBC_MODEL_ENV } from './control.js';
import { profileData } from '../data.js';
import { isRawFrame } from '../../protocol/raw-frame.js';
import type { OddProblem } from '../../transport/inbound.js';

/** The cbc version the profiles reproduce (captures/cbc-2.117.0). */
export const CBC_VERSION = '2.117.0';

/** Tools listed in cbc 2.117.0's system/init (real-turn.out). */
const TOOLS = [
  'Agent', 'Read', 'Write', 'Edit', 'Bash', 'PowerShell', 'Glob', 'Grep', 'EnterPlanMode', 'ExitPlanMode', 'TaskCreate', 'TaskGet',
  'TaskUpdate', 'TaskList', 'WebFetch', 'WebSearch', 'TaskStop', 'TaskOutput', 'Skill', 'SkillManage', 'AskUserQuestion',
  'StructuredOutput', 'ToolSearch', 'DeferExecuteTool', 'SendMessage', 'TeamCreate', 'TeamDelete', 'NotebookEdit', 'LSP', 'ImageGen',
  'ImageEdit', 'VideoGen', 'EnterWorktree', 'LeaveWorktree', 'CronCreate', 'CronDelete', 'CronList', 'WeChatReply', 'WeComReply',
  'ComputerUse', 'ListMcpResources', 'ReadMcpResource', 'WaitForMcpServers', 'Workflow',
];

/** Tools of the built-in agents `--agent` names, in cbc 2.117.0's order (measured: opt_agent, `--agent general-purpose`). */
const AGENT_TOOLS: Readonly<Record<string, readonly string[]>> = {
  'general-purpose': [
    'Read', 'Write', 'Edit', 'Bash', 'PowerShell', 'Glob', 'Grep', 'TaskCreate', 'TaskGet', 'TaskUpdate', 'TaskList', 'WebFetch', 'WebSearch',
    'TaskStop', 'TaskOutput', 'Skill', 'AskUserQuestion', 'ToolSearch', 'DeferExecuteTool', 'StructuredOutput', 'SendMessage', 'NotebookEdit',
    'LSP', 'WeChatReply', 'WeComReply', 'ComputerUse', 'ImageGen', 'ImageEdit', 'ListMcpResources', 'ReadMcpResource', 'WaitForMcpServers',
    'ExitPlanMode',
  ],
};

/**
 * The tools of an agent `--agents` defines with a `tools` list, as its AgentManager.registerAgent builds them (read from
 * cbc 2.117.0's bundle; captures opt_agent_stream_h7, opt_agent_tools_rules_fe): the list's tools in its order (a rule
 * such as `Bash(git:*)` and names of no tool are dropped), then SendMessage and ExitPlanMode where missing. Undefined
 * when the agent is not defined there or its list is missing or empty (it gets every tool: captures
 * opt_agents_with_agent_h6, opt_agent_tools_empty_fe).
 */
function ownAgentTools(flags: InitToolOptions['cliFlags'], agent: string): string[] | undefined {
  const text = flags?.get('agents');
  let parsed: unknown;
  try {
    parsed = typeof text === 'string' ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
  const def: unknown = isRawFrame(parsed) ? parsed[agent] : undefined;
  const list = isRawFrame(def) ? def['tools'] : undefined;
  if (!Array.isArray(list) || list.length === 0) return undefined;
  const tools = [...new Set(list.filter((t): t is string => typeof t === 'string' && TOOLS.includes(t)))];
  for (const t of ['SendMessage', 'ExitPlanMode']) if (!tools.includes(t)) tools.push(t);
  return tools;
}

/** cbc's behaviour; `strict` (cbc-2.117.0) follows the real 2.117.0 replies where they differ from the seeds. */
export function cbcBehavior(strict: boolean): ProfileBehavior {
  const controls = ['initialize', 'interrupt', 'set_permission_mode', 'set_model', 'get_available_modes', 'get_available_models'];
  // cbc 2.117.0 answers mcp_status and set_max_thinking_tokens with "Unknown control request subtype" (codebuddy-sdk.md §4),
  // and stop_task too (captures ctl_stop_task_unknown, wf_stopped)
  if (!strict) controls.push('mcp_status', 'set_max_thinking_tokens', 'stop_task');
  // cbc 2.117.0's set_permission_mode handler takes these (its bundle; captures ctl_set_permission_mode_dontask_h2, _auto_cbc),
  // more than get_available_modes lists; the seeds' cbc takes the listed ones
  const listed = ((profileData('cbc').availableModes?.['availableModes'] ?? []) as Array<{ id: string }>).map((m) => m.id);
  const modes = strict ? [...listed, 'dontAsk', 'auto'] : listed;
  return {
    lateAbortRows: true,
    abortError: (reason) => `subagent aborted: ${reason}`,
    stopSnapshot: false,
    controlSubtypes: new Set([...controls, ...Object.keys(profileData('cbc').controlReplies ?? {})]),
    resolveModel: (name) => (name === 'default' ? 'default-model' : name), // measured: any other name is taken as given
    // measured: set_model keeps "default" as given (ctl_set_model_default_then_turn), "" is refused (ctl_set_model_empty)
    ...(strict ? { setModelAsGiven: { emptyError: 'Model is required' } } : {}),
    // measured on cbc 2.117.0: the modes get_available_modes lists; anything else is refused
    rejectPermissionMode: (mode) => (modes.includes(mode) ? undefined : { message: `Invalid permission mode: ${mode}` }),
    stopUnknownTask: 'error',
    exitCodeAfterErrorResult: 0, // codebuddy-sdk.md §8: on EOF it exits 0
    // measured: captures sig_*, ses_p_no_prompt, ses_bad_permission_mode, req_can_use_tool_allow, opt_json_schema, opt_worktree
    ...(strict ? { signalExitCode: 0, emptyPromptIsBlank: true, unknownPermissionModeIsDefault: true, requestIdDropsOnReentry: true, structuredOutputRetries: 3, worktreeOutsideGit: '✳ Creating worktree…' } : {}),
    // measured (req_hook_callback's transcript_path): the cwd without its leading slash, each '/' a dash, dots kept
    // read from its StructuredOutputStopHook: the feedback a re-prompt sends (the scenario's model answers it as a prompt)
    ...(strict ? { structuredOutputFeedback: 'You MUST call the StructuredOutput tool to complete this request.\nThe tool parameters must match this JSON Schema:\n\n{schema}\n\nCall the StructuredOutput tool now with the appropriate data.' } : {}),
    ...(strict ? { projectFolder: (cwd: string) => cwd.replace(/^\//, '').replace(/\//g, '-') } : {}),
    // measured (ses_api_error, ses_api_error_cbc, eof_after_error_cbc): "<status> <message> (<API request id>/<session id>)",
    // cbc's API request id being 32 hex digits of its own; the scenario's text is Claude Code's "API Error: <status> <message>"
    // a deny rule's refusal: measured on 2.117.0 (opt_disallowedTools_touch_pattern_stream_ask_h8); the seeds' cbc counts a denial (issue #10)
    unaskedRefusal: { printMode: printModeRefusal, dontAsk: dontAskRefusal, ...(strict ? { byRule: ruleRefusal } : {}) },
    permissionWaitsForever: true, // read from its SdkPermissionClient; measured: ctl_set_permission_mode_bypass_tool_cbc (31 s, no cancel)
    refusedSessionServes: true, // measured: ses_resume_unknown_stream_cbc
    hostAllowsByAllowedOnly: true, // read from its SdkPermissionClient.handleResponse; measured: req_can_use_tool_allow_bare_cbc
    allowRulesAsGiven: true, // read from its PermissionUtils; measured: opt_allowedTools_*_cbc, opt_allowedTools_bash_call_h2
    unansweredPromptsCarry: true, // measured: ctl_interrupt_slow_h2, ses_api_error; not after a streamed partial reply (ctl_interrupt_hang_then_turn_cbc)
    interruptWritesPartial: true, // measured: int_mid, ctl_interrupt_hang_then_turn_cbc
    apiErrorText: (shown, apiRequestId, sessionId) => `${shown.replace(/^API Error: /, '')} (${apiRequestId}/${sessionId})`,
    unansweredTextFirstTurnOnly: true,
    interruptRepeatsLastReply: strict, // the seeds' cbc: "Interrupted by user", then an empty success result (seed 002)
    requiresVerboseForStreamJson: false, // seed 002 §7 runs -p --output-format stream-json without --verbose
    emitsSessionState: () => false,
    settingsDir: '.codebuddy',
    defaultModel: 'default-model',
    hostDenyTextFixed: strict,
    modelEnv: CBC_MODEL_ENV,
    emptyModelIsUnset: true,
    // measured (opt_disallowedTools, opt_disallowedTools_multi_h3): a whole-tool deny rule (its name without case, as
    // given: `Write,Edit` names no tool) takes the tool off the list, the order stays; cbc 2.117.0 keeps listing
    // Workflow under CODEBUDDY_DISABLE_WORKFLOWS (measured), the seeds' cbc drops it
    initTools: (o) =>
      ((strict && o.agent !== undefined ? (ownAgentTools(o.cliFlags, o.agent) ?? AGENT_TOOLS[o.agent]) : undefined) ?? TOOLS).filter(
        (t) => !o.disallowed.some((r) => namesTool(r, t, true)) && !(!strict && o.disableWorkflows && t === 'Workflow'),
      ),
    // real cbc 2.117.0 (measured): {"type":"error","error":"Error parsing streaming input line: <line>: SyntaxError: <V8 text>"} and it carries on
    malformedLine: (line, err) => ({ report: `Error parsing streaming input line: ${line}: ${err.name}: ${err.message}` }),
    oddLine: cbcOddLine,
    // measured (captures in_content_number_fm, in_text_block_no_text_fm, in_content_null_fm); the seed profile follows it
    oddContent: (problem) => ({ report: CBC_ODD_CONTENT[problem] }),
    keepAliveIsUnknown: strict,
    replaysAtResume: strict, // read from its CliExecutor.executeStreamMode; measured: ses_resume_stream_h2, ses_resume_stream_*_cbc
    blankBesideFirstTurn: strict, // read from its CliExecutor.executeStreamMode; measured: in_keep_alive_mid_turn_h3
    sessionBoundBeforeFirstTurn: strict ? new Set(['interrupt', 'set_permission_mode', 'set_model']) : undefined,
    // measured: ctl_set_model_idle_sid, ctl_set_permission_mode_idle_sid_cbc
    namedSessionAhead: strict ? new Set(['set_model', 'set_permission_mode']) : undefined,
    // seed 002 §8 gives `Background agent "<description>" completed`; the other wordings follow it (emulator wording)
    summary: (t, status, d) => {
      if (t.kind === 'workflow') return status === 'failed' ? `Workflow "${t.workflowName}" failed: ${d.error ?? 'unknown error'}` : `Workflow "${t.workflowName}" ${status}`;
      if (t.kind === 'agent') return status === 'stopped' ? `Background agent "${t.description}" was stopped` : `Background agent "${t.description}" ${status}`;
      if (status === 'completed') return `Background command "${t.description}" completed (exit code ${d.exitCode ?? 0})`;
      if (status === 'failed') return `Background command "${t.description}" failed with exit code ${d.exitCode ?? 1}`;
      return `Background command "${t.description}" was stopped`;
    },
    launchedText: (t) =>
      t.kind === 'workflow'
        ? `Workflow launched in background. Task ID: ${t.taskId}\nSummary: ${t.description}\n\nYou will be notified when it completes.`
        : t.kind === 'agent'
          ? `Background agent launched. Task ID: ${t.taskId}\nOutput file: ${t.outputFile}\nYou will be notified when it completes.`
          : `Command running in background with ID: ${t.taskId}. Output is being written to: ${t.outputFile}. You will be notified when it completes.`,
    backgroundInPrint: 'error',
    backgroundOff: { env: 'CODEBUDDY_CODE_DISABLE_BACKGROUND_TASKS', shell: 'foreground' },
    workflowsOffEnv: 'CODEBUDDY_DISABLE_WORKFLOWS',
    workflowsOffPlays: !strict, // the seeds' cbc says the workflow was not started; cbc 2.117.0 offers no Workflow tool (env_disable_workflows_workflow_h8)
    // the real 2.117.0 refuses background shells and spawns background agents as team members (its bundle); the seeds run tasks
    headlessBackground: strict ? HEADLESS_BACKGROUND : undefined,
    interruptedErrors: [],
    denyInterrupt: { shows: 'result' }, // measured: the error result alone, no tool_result (capture req_can_use_tool_deny_interrupt_h2)
    // measured on 2.117.0 (capture req_can_use_tool_interrupt_pending); the seed profile cancels the request (issue #10)
    interruptAtPermission: strict ? 'ignore' : 'cancel',
    // measured on 2.117.0: the generic rejection, permission_denials stays empty (captures eof_pending_permission_h2,
    // req_can_use_tool_error_answer); the seed profile shows an error answer's text and counts it
    permissionFailure: (f) => (strict ? { counted: false } : { text: f.kind === 'error' ? f.message : undefined, counted: f.kind !== 'closed' }),
    denialsSessionWide: strict, // measured: capture req_can_use_tool_deny_interrupt_then_turn
    interruptedTurnSucceeds: true,
    outputFile: (home, _cwd, sessionId, taskId) => join(home, 'sessions', sessionId, 'bg-tasks', `${taskId}.stdout.log`),
    shellStderrFile: (outputFile) => outputFile.replace(/\.stdout\.log$/, '.stderr.log'),
    maxTurnsError: (limit) => `Max turns (${limit}) exceeded`, // measured (ses_max_turns)
    permissionRequestHooks: true, // measured: req_hook_callback_permission_request_fb
    setModelNextCall: 'and-prompt-hooks', // measured: ctl_set_model_pending_permission_fb, ctl_set_model_pending_prompt_hook_fw
    sessionStartHooks: true, // measured: req_hook_callback_session_start
    hookMatcher: 'search', // read from the bundle (matchesSdkMatcher), measured: req_hook_callback_matcher_{star,prefix,anchor}_l9
    maxTurnsFirstTurnOnly: true, // measured: opt_max_turns_zero_stream_fb, opt_max_turns_one_stream_hi_then_tool_fb
    maxTurnsValue: cbcMaxTurns,
    // measured: {"type":"error","error":"No conversation found with session ID: <value>"}, exit 0, whatever the value
    binding: { resumeNotFound: (value) => `No conversation found with session ID: ${value}`, sessionIdInUse: 'resume', forkNoSource: 'No source session found for fork operation' },
    sessionErrorOnStderr: false,
    toolUseBeforeHooks: false,
    stopHookBlocks: false,
    promptHookStops: { block: 'ignore', stop: 'new-session', interrupted: 'opened' }, // measured: ctl_interrupt_pending_prompt_hook_fw
    // measured: req_hook_callback_pre_deny, _pre_block (ignored), _pre_continue_false (refused with the stopReason)
    preToolHook: { block: 'ignore', stop: 'deny', denyText: (_tool, reason) => `Error: ${reason ?? ''}`, denialIsError: false, timeoutText: undefined, disconnectText: undefined, againAfterHostAllow: true, parallel: true },
    promptStopText: (_how, reason) => `UserPromptSubmit hook error: \n${reason ?? 'User input blocked by hook'}`, // measured: req_hook_callback_prompt_continue_false, _stop_bare
    asksHostWithoutPromptTool: true,
    workflowInputNamesScriptPath: true,
    workflowPromptInTaskStarted: false,
    mcpClientName: 'codebuddy-code',
    versionText: `${CBC_VERSION}\n`,
    helpName: 'cbc',
  };
}

/**
 * cbc 2.117.0's --max-turns: its headless options read it with Number(), and the runner refuses call k when k > limit
 * (a NaN limit never refuses): measured ses_max_turns_zero_h5, opt_max_turns_negative_ft (the first call),
 * opt_max_turns_invalid_ft; without the flag its agent service takes CODEBUDDY_CODE_MAX_TURNS when finite and above 0
 * (else 500, left out).
 */
function cbcMaxTurns(flag: string | undefined, env: Readonly<Record<string, string | undefined>>): number | undefined {
  const n = Number(flag ?? env['CODEBUDDY_CODE_MAX_TURNS']);
  if (flag !== undefined) return Number.isNaN(n) ? undefined : n;
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

/** What cbc 2.117.0 does with JSON that is no frame it reads (measured; the texts are its JavaScript errors). */
/** cbc 2.117.0's TypeError text for each unreadable user content (its code maps a list, then trims each text). */
const CBC_ODD_CONTENT = {
  'not-list': 'Al.map is not a function',
  null: "Cannot read properties of null (reading 'map')",
  'no-text': "Cannot read properties of undefined (reading 'trim')",
} as const;

function cbcOddLine(problem: OddProblem, _line: string, value: unknown): ReturnType<ProfileBehavior['oddLine']> {
  const nothing = (v: unknown) => (v === null ? 'null' : 'undefined');
  const field = (key: string) => (isRawFrame(value) ? value[key] : undefined);
  switch (problem) {
    case 'null':
      return { report: "Error parsing streaming input line: null: TypeError: Cannot read properties of null (reading 'type')" };
    case 'not-object':
    case 'unknown-type':
      return 'blank'; // captures in_json_array, in_json_number, in_unknown_type: an empty turn, then a new session
    case 'no-request':
      return { report: `Cannot destructure property 'subtype' of 'Ac' as it is ${nothing(field('request'))}.` };
    case 'no-message': {
      const m = field('message');
      return m === undefined || m === null ? { report: `Cannot read properties of ${nothing(m)} (reading 'content')` } : 'accept';
    }
    case 'user-role':
      return 'accept'; // cbc reads the content, never the role
    case 'bad-response':
      return 'ignore';
  }
}

/** cbc 2.117.0's refusal of a tool that needs approval in -p mode (its bundle's text; captures ses_p_gated_tool_cbc, opt_permission_mode_dontask_cbc). */
function printModeRefusal(tool: string): string {
  return (
    `Error: Permission to use ${tool} has been denied because this tool requires approval but permission prompts are not available in non-interactive mode. ` +
    'IMPORTANT: You *may* attempt to accomplish this action using other tools that might naturally be used to accomplish this goal. But you *should not* ' +
    'attempt to work around this denial in malicious ways. You should only try to work around this restriction in reasonable ways that do not attempt to ' +
    "bypass the intent behind this denial. If you believe this capability is essential to complete the user's request, STOP and explain to the user what " +
    'you were trying to do and why you need this permission. Let the user decide how to proceed. To allow this tool, the user can either: (1) re-run with ' +
    'codebuddy -p -y "<prompt>" or codebuddy -p --permission-mode bypassPermissions "<prompt>" to bypass all permission checks, or (2) add ' +
    `"${tool}" to the "permissions.allow" list in settings to permanently allow this tool.`
  );
}

/**
 * cbc 2.117.0's refusal of a call a deny rule covers (its buildPermissionDeniedError, with the argument the rule matched:
 * a Bash call's whole command line, a read or edit tool's path; capture opt_disallowedTools_touch_pattern_stream_ask_h8).
 */
function ruleRefusal(tool: string, input: Record<string, unknown>): string {
  const [command, path] = [input['command'], input['file_path']];
  if (tool === 'Bash' && typeof command === 'string') return `Error: Permission to use Bash with command ${command} has been denied.`;
  if (typeof path === 'string' && READ_TOOLS.has(tool)) return `Error: Permission to read ${path} has been denied.`;
  if (typeof path === 'string' && EDIT_TOOLS.has(tool)) return `Error: Permission to edit ${path} has been denied.`;
  return `Error: Permission to use ${tool} has been denied.`;
}
const READ_TOOLS = new Set(['Read', 'NotebookRead']);
const EDIT_TOOLS = new Set(['Edit', 'Write', 'MultiEdit', 'NotebookEdit']);

/** cbc 2.117.0's refusal of a tool that needs approval in dontAsk mode (its bundle's text; capture ctl_set_permission_mode_dontask_tool_cbc). */
function dontAskRefusal(tool: string): string {
  return (
    `Error: Permission to use ${tool} has been denied because CodeBuddy is running in dontAsk mode. Approval required for ${tool}. IMPORTANT: You *may* ` +
    'attempt to accomplish this action using other tools that might naturally be used to accomplish this goal, e.g. using head instead of cat. But you ' +
    '*should not* attempt to work around this denial in malicious ways, e.g. do not use your ability to run tests to execute non-test actions. You should ' +
    'only try to work around this restriction in reasonable ways that do not attempt to bypass the intent behind this denial. If you believe this ' +
    "capability is essential to complete the user's request, STOP and explain to the user what you were trying to do and why you need this permission. " +
    'Let the user decide how to proceed. To allow this type of action in the future, the user can add a permission rule to their settings.'
  );
}

/** cbc 2.117.0's BashTool refusal of run_in_background in headless mode (its bundle's text; tool error code 8009). */
const BACKGROUND_SHELL_REFUSED =
  'Background command execution is not supported in print mode (-p) because the process exits immediately after the main agent completes. Please remove the run_in_background parameter, or use stream-json mode instead.';

/** cbc 2.117.0 headless background work (behavior.headlessBackground; its bundle, captures bg_bash, bg_agent). */
const HEADLESS_BACKGROUND: NonNullable<ProfileBehavior['headlessBackground']> = {
  shellRefusal: (command) => ({ content: `Command rejected: ${command}\nReason: ${BACKGROUND_SHELL_REFUSED}`, error: BACKGROUND_SHELL_REFUSED, code: '8009' }),
  memberTaskId: (rng) => `agent-${rng.hex(8)}`, // measured: agent-d3349f94 (bg_agent)
  agentSpawned: ({ name, sessionId, taskId }) => {
    const team = `_auto_${sessionId}`; // AgentTool.spawnBackgroundAgent: the team the session creates for its background agents
    return [
      'Spawned successfully.',
      `agent_id: ${name}@${team}`,
      `name: ${name}`,
      `team_name: ${team}`,
      `task_id: ${taskId}`,
      'The agent is now running and will receive instructions via mailbox.',
    ].join('\n');
  },
};
