// Surface cases: FF's tuning set (issue #16, round 9): Claude Code options, session flags, stdin edge cases,
// signals / EOF and environment switches in corners no earlier capture showed (other values, argument forms,
// combinations and phases an SDK host reaches). Tuning material: used to fix the emulator.
import { close, ctl, sleep, STREAM, user, waitFor } from '../cases.mjs';
import { CLAUDE, P_STREAM, ready, RESULT, SID } from '../surface-kit.mjs';

const ASK = [...STREAM, '--permission-prompt-tool', 'stdio'];
const CAN_USE_TOOL = '"subtype":"can_use_tool"';
const HI_RESULT = '"result":"Hello from fake API."';
const SLOW_RESULT = '"result":"slow reply"';
/** A turn to its result, then 1 s. */
const turn = (text = 'hi', until = RESULT, t = 20) => [user(text), waitFor(until, t), sleep(1)];
/** A SLOWTEXT turn sent and under way (its system/init is out; the reply takes 6 s). */
const slowTurnRunning = [user('SLOWTEXT please'), waitFor('"subtype":"init"'), sleep(1)];
/** A FGBASH turn whose can_use_tool request waits for the host. */
const permissionWaiting = [...ready(), user('FGBASH please'), waitFor(CAN_USE_TOOL), sleep(1)];
const ALLOW = { behavior: 'allow', updatedInput: { command: 'touch fg.txt && echo fg-output', description: 'Touch and echo' } };
/** A background Bash turn to its result (the task still runs: its notification comes ~2 s later). */
const bgTaskRunning = [...ready(), user('BGBASH please'), waitFor(RESULT, 25)];
/** A user line with extra top-level fields as the SDK writes them. */
const userWith = (content, extra) => ({ send: { type: 'user', message: { role: 'user', content }, parent_tool_use_id: null, session_id: '', ...extra } });

const optP = (name, about, extra, prompt = 'hi', more = {}) => ({ name, about, clis: CLAUDE, args: ['-p', prompt, ...P_STREAM, ...extra], steps: [close], ...more });
const optS = (name, about, extra, more = {}) => ({ name, about, clis: CLAUDE, args: [...STREAM, ...extra], steps: [...ready(), ...turn(), close], ...more });

const def = (extra) => ({ description: 'Reviews code', prompt: 'You review code tersely.', ...extra });
const agents = (extra) => JSON.stringify({ reviewer: def(extra) });
const AGENT_FILE = '---\nname: reviewer\ndescription: Reviews code\ntools: Read, Grep\nmodel: haiku\n---\nYou review code tersely.\n';

/** --agent / --agents: the main thread run as an agent (tools, model, argument forms, where the agent is defined). */
const AGENT = [
  optS('opt_agent_model_tools_stream_ff', '--agents with tools [Read, Grep] and model haiku, --agent selecting it, stream-json, a turn', ['--agents', agents({ tools: ['Read', 'Grep'], model: 'haiku' }), '--agent', 'reviewer']),
  optS('opt_agent_disallowed_stream_ff', '--agents with disallowedTools [Bash, Write] and no tools, --agent selecting it, stream-json, a turn', ['--agents', agents({ disallowedTools: ['Bash', 'Write'] }), '--agent', 'reviewer']),
  optS('opt_agent_tools_order_stream_ff', '--agents with tools [Write, Read, Agent, Bash] (not in name order), --agent selecting it, stream-json', ['--agents', agents({ tools: ['Write', 'Read', 'Agent', 'Bash'] }), '--agent', 'reviewer']),
  optP('opt_agent_eq_p_ff', '-p with --agents=<json> and --agent=reviewer (tools [Bash, Read]), both written with `=`', [`--agents=${agents({ tools: ['Bash', 'Read'] })}`, '--agent=reviewer']),
  optP('opt_agent_model_with_model_flag_ff', '-p with --agent naming an agent whose model is haiku, and --model sonnet', ['--agents', agents({ model: 'haiku' }), '--agent', 'reviewer', '--model', 'sonnet']),
  optS('opt_agent_model_env_stream_ff', '--agent naming an agent whose model is haiku, ANTHROPIC_MODEL=sonnet, stream-json, a turn', ['--agents', agents({ model: 'haiku' }), '--agent', 'reviewer'], { env: { ANTHROPIC_MODEL: 'sonnet' } }),
  optS('opt_agent_file_stream_ff', '--agent naming a project agent file (.claude/agents/reviewer.md: tools Read, Grep; model haiku), stream-json, a turn', ['--agent', 'reviewer'], { files: { '.claude/agents/reviewer.md': AGENT_FILE } }),
  optS('opt_agent_initialize_agents_ff', '--agent reviewer with the agent defined in the initialize request (the SDK\'s `agents` option: tools [Read])', ['--agent', 'reviewer'], { steps: [...ready({ agents: { reviewer: def({ tools: ['Read'] }) } }), ...turn(), close] }),
  optS('opt_agent_fgbash_stream_ff', '--agent whose tools are [Read] in stream-json with a prompt that would call Bash', ['--agents', agents({ tools: ['Read'] }), '--agent', 'reviewer'], { steps: [...ready(), ...turn('FGBASH please'), close] }),
  optS('opt_agent_mcp_status_stream_ff', '--agent with tools [Read] in stream-json: a turn, mcp_status, a second turn', ['--agents', agents({ tools: ['Read'] }), '--agent', 'reviewer'], { steps: [...ready(), ...turn(), ctl('req_2', { subtype: 'mcp_status' }), sleep(1), ...turn('hi again'), close] }),
];

/** bypassPermissions as root (refused) and in a sandbox (IS_SANDBOX=1 lifts the refusal). */
const BYPASS = [
  optS('opt_permission_mode_bypass_stream_ff', '--permission-mode bypassPermissions in stream-json input mode (as root: refused)', ['--permission-mode', 'bypassPermissions']),
  optS('opt_permission_mode_bypass_sandbox_stream_ff', '--permission-mode=bypassPermissions with IS_SANDBOX=1 in stream-json, a FGBASH turn (no prompt)', ['--permission-mode=bypassPermissions'], { env: { IS_SANDBOX: '1' }, steps: [...ready(), ...turn('FGBASH please'), close] }),
  optP('opt_dangerously_skip_permissions_sandbox_ff', '-p FGBASH with --dangerously-skip-permissions and IS_SANDBOX=1', ['--dangerously-skip-permissions'], 'FGBASH please', { env: { IS_SANDBOX: '1' } }),
  optP('opt_permission_mode_repeated_bypass_last_ff', '-p with --permission-mode plan then --permission-mode bypassPermissions (the last wins, as root)', ['--permission-mode', 'plan', '--permission-mode', 'bypassPermissions']),
];

/** Session flags combined. */
const SESSION = [
  { name: 'ses_continue_after_no_persistence_ff', about: '--continue after a first -p run that had --no-session-persistence (nothing stored to continue)', clis: CLAUDE, args: ['-p', 'hi', ...P_STREAM, '--continue'], steps: [close], pre: { args: ['-p', 'hi', ...P_STREAM, '--no-session-persistence'], steps: [close] } },
  { name: 'ses_resume_session_id_stream_two_ff', about: '--resume of a session pinned with --session-id, stream-json, two turns', clis: CLAUDE, args: [...STREAM, '--resume', SID], steps: [...ready(), ...turn(), ...turn('SLOWTEXT please', SLOW_RESULT, 25), close], pre: { args: ['-p', 'hi', ...P_STREAM, '--session-id', SID], steps: [close] } },
  { name: 'ses_session_id_with_no_persistence_stream_ff', about: '--session-id with --no-session-persistence in stream-json, a turn', clis: CLAUDE, args: [...STREAM, '--session-id', SID, '--no-session-persistence'] , steps: [...ready(), ...turn(), close] },
  { name: 'ses_fork_session_continue_stream_ff', about: '--continue --fork-session in stream-json after a -p run, a turn', clis: CLAUDE, args: [...STREAM, '--continue', '--fork-session'], steps: [...ready(), ...turn(), close], pre: { args: ['-p', 'hi', ...P_STREAM], steps: [close] } },
];

/** stdin lines at phases no capture showed. */
const STDIN = [
  { name: 'in_user_priority_now_mid_turn_ff', about: "a user line with priority 'now' while a slow turn runs", clis: CLAUDE, args: STREAM, steps: [...ready(), ...slowTurnRunning, userWith('hi', { priority: 'now' }), waitFor(HI_RESULT, 25), sleep(1), close] },
  { name: 'in_user_priority_now_pending_permission_ff', about: "a user line with priority 'now' while a can_use_tool request waits", clis: CLAUDE, args: ASK, steps: [...permissionWaiting, userWith('hi', { priority: 'now' }), sleep(3), close, sleep(3)] },
  { name: 'in_user_priority_bogus_ff', about: "a user line with priority 'urgent' (not a priority the SDK types know)", clis: CLAUDE, args: STREAM, steps: [...ready(), userWith('hi', { priority: 'urgent' }), waitFor(RESULT), sleep(1), close] },
  { name: 'in_keep_alive_pending_permission_ff', about: 'a keep_alive line while a can_use_tool request waits, then the host allows', clis: CLAUDE, args: ASK, steps: [...permissionWaiting, { send: { type: 'keep_alive' } }, sleep(1), { answer: 'can_use_tool', response: ALLOW }, waitFor(RESULT), sleep(1), close] },
  { name: 'in_whitespace_pending_permission_ff', about: 'a whitespace-only line while a can_use_tool request waits, then the host allows', clis: CLAUDE, args: ASK, steps: [...permissionWaiting, { write: '   \n' }, sleep(1), { answer: 'can_use_tool', response: ALLOW }, waitFor(RESULT), sleep(1), close] },
  { name: 'in_nonjson_bg_task_running_ff', about: 'a line that is not JSON while a background Bash task runs', clis: CLAUDE, args: STREAM, bypass: true, steps: [...bgTaskRunning, { send: 'not json at all' }, sleep(4), close, sleep(2)] },
  { name: 'in_unknown_type_bg_task_running_ff', about: 'a line of an unknown type while a background Bash task runs, then the notification turn', clis: CLAUDE, args: STREAM, bypass: true, steps: [...bgTaskRunning, { send: { type: 'mystery', x: 1 } }, waitFor('"subtype":"task_notification"', 20), sleep(4), close, sleep(2)] },
  { name: 'in_ctl_no_request_id_mid_turn_ff', about: 'a control_request without request_id (interrupt) while a slow turn runs', clis: CLAUDE, args: STREAM, steps: [...ready(), ...slowTurnRunning, { send: { type: 'control_request', request: { subtype: 'interrupt' } } }, sleep(8), close] },
  { name: 'in_user_content_image_and_text_keyword_ff', about: 'a content array with an image block then a FGBASH text block, permission prompt allowed', clis: CLAUDE, args: ASK, steps: [...ready(), user([{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=' } }, { type: 'text', text: 'FGBASH please' }]), { answer: 'can_use_tool', response: ALLOW }, waitFor(RESULT), sleep(1), close] },
  { name: 'in_user_uuid_replay_pending_permission_ff', about: 'a user line with a uuid under --replay-user-messages while a can_use_tool request waits', clis: CLAUDE, args: [...ASK, '--replay-user-messages'], steps: [...permissionWaiting, userWith('hi', { uuid: '00000000-0000-4000-8000-0000000000ff' }), sleep(1), { answer: 'can_use_tool', response: ALLOW }, waitFor(HI_RESULT, 25), sleep(1), close] },
  { name: 'in_user_before_init_ff', about: 'a user line before the initialize request (then initialize)', clis: CLAUDE, args: STREAM, steps: [user('hi'), sleep(2), { send: { type: 'control_request', request_id: 'req_1', request: { subtype: 'initialize' } } }, waitFor(RESULT), sleep(1), close] },
];

/** Signals and EOF at phases no capture showed. */
const SIGNALS = [
  { name: 'sig_int_before_init_ff', about: 'SIGINT right after start, before any stdin line', clis: CLAUDE, args: STREAM, steps: [sleep(2), { signal: 'SIGINT' }, sleep(3)] },
  { name: 'sig_term_before_init_ff', about: 'SIGTERM right after start, before any stdin line', clis: CLAUDE, args: STREAM, steps: [sleep(2), { signal: 'SIGTERM' }, sleep(3)] },
  { name: 'sig_hup_queued_turn_ff', about: 'SIGHUP while a slow turn runs with a second turn queued', clis: CLAUDE, args: STREAM, steps: [...ready(), ...slowTurnRunning, user('hi'), sleep(1), { signal: 'SIGHUP' }, sleep(3)] },
  { name: 'sig_int_twice_mid_turn_ff', about: 'SIGINT twice, 1 s apart, while a slow turn runs', clis: CLAUDE, args: STREAM, steps: [...ready(), ...slowTurnRunning, { signal: 'SIGINT' }, sleep(1), { signal: 'SIGINT' }, sleep(3)] },
  { name: 'sig_term_pending_permission_after_eof_ff', about: 'stdin EOF while a can_use_tool request waits, then SIGTERM', clis: CLAUDE, args: ASK, steps: [...permissionWaiting, close, sleep(1), { signal: 'SIGTERM' }, sleep(3)] },
  { name: 'sig_int_p_mid_turn_ff', about: '-p SLOWTEXT (stdin closed), SIGINT while the turn runs', clis: CLAUDE, args: ['-p', 'SLOWTEXT please', ...P_STREAM], steps: [close, waitFor('"subtype":"init"'), sleep(1), { signal: 'SIGINT' }, sleep(3)] },
  { name: 'eof_mid_turn_queued_keep_alive_ff', about: 'a keep_alive then stdin EOF while a slow turn runs (the turn finishes)', clis: CLAUDE, args: STREAM, steps: [...ready(), ...slowTurnRunning, { send: { type: 'keep_alive' } }, close, waitFor(SLOW_RESULT, 20), sleep(2)] },
];

/** Environment switches the binary reads that change stream-json output. */
const ENV = [
  { name: 'env_simple_stream_ff', about: 'CLAUDE_CODE_SIMPLE=1 (what --bare sets) in stream-json, a turn', clis: CLAUDE, args: STREAM, env: { CLAUDE_CODE_SIMPLE: '1' }, steps: [...ready(), ...turn(), close] },
  { name: 'env_subprocess_env_scrub_ff', about: 'CLAUDE_CODE_SUBPROCESS_ENV_SCRUB=1 with --permission-mode acceptEdits, -p', clis: CLAUDE, args: ['-p', 'hi', ...P_STREAM, '--permission-mode', 'acceptEdits'], env: { CLAUDE_CODE_SUBPROCESS_ENV_SCRUB: '1' }, steps: [close] },
  { name: 'env_default_opus_model_ff', about: 'ANTHROPIC_DEFAULT_OPUS_MODEL=claude-custom-opus with --model opus, stream-json, a turn', clis: CLAUDE, args: [...STREAM, '--model', 'opus'], env: { ANTHROPIC_DEFAULT_OPUS_MODEL: 'claude-custom-opus' }, steps: [...ready(), ...turn(), close] },
  { name: 'env_max_thinking_tokens_ff', about: 'MAX_THINKING_TOKENS=2048 in stream-json, a turn', clis: CLAUDE, args: STREAM, env: { MAX_THINKING_TOKENS: '2048' }, steps: [...ready(), ...turn(), close] },
  { name: 'env_effort_level_ff', about: 'CLAUDE_CODE_EFFORT_LEVEL=low in stream-json, a turn', clis: CLAUDE, args: STREAM, env: { CLAUDE_CODE_EFFORT_LEVEL: 'low' }, steps: [...ready(), ...turn(), close] },
];


/** A second round: the agent rule's edges, `now` at other phases, the mode switches' other forms. */
const HOOK_CALLBACK = '"subtype":"hook_callback"';
const hook = (id, matcher) => [{ ...(matcher ? { matcher } : {}), hookCallbackIds: [id] }];
const ROUND2 = [
  optP('opt_agent_p_fgbash_ff', '-p FGBASH with --agent whose tools are [Read] (the model is not offered Bash)', ['--agents', agents({ tools: ['Read'] }), '--agent', 'reviewer'], 'FGBASH please'),
  optS('opt_agent_builtin_explore_stream_ff', '--agent Explore (a built-in agent) in stream-json, a turn', ['--agent', 'Explore']),
  optS('opt_agent_disallowed_pattern_stream_ff', '--agents with disallowedTools ["Bash(rm *)"] (a rule with a pattern), --agent selecting it, stream-json', ['--agents', agents({ disallowedTools: ['Bash(rm *)'] }), '--agent', 'reviewer']),
  optS('opt_agent_tools_bash_glob_stream_ff', '--agents with tools [Bash, Glob, Task], --agent selecting it, stream-json', ['--agents', agents({ tools: ['Bash', 'Glob', 'Task'] }), '--agent', 'reviewer']),
  optS('opt_agent_permission_mode_plan_stream_ff', '--agents with permissionMode plan, --agent selecting it, stream-json, a turn', ['--agents', agents({ permissionMode: 'plan' }), '--agent', 'reviewer']),
  optS('opt_agent_initialize_model_ff', '--agent reviewer defined in the initialize request with model haiku and tools [Read, Bash]', ['--agent', 'reviewer'], { steps: [...ready({ agents: { reviewer: def({ tools: ['Read', 'Bash'], model: 'haiku' }) } }), ...turn(), close] }),
  optS('opt_agent_unknown_stream_ff', '--agent naming no agent in stream-json (no refusal there), a turn', ['--agent', 'nosuch']),
  { name: 'in_user_priority_now_queued_ff', about: "a slow turn runs, a plain line queues behind it, then a line with priority 'now'", clis: CLAUDE, args: STREAM, steps: [...ready(), ...slowTurnRunning, user('SLOWTEXT again'), sleep(1), userWith('hi', { priority: 'now' }), waitFor(HI_RESULT, 30), sleep(8), close] },
  { name: 'in_user_priority_now_pending_hook_ff', about: "a line with priority 'now' while a PreToolUse hook_callback waits", clis: CLAUDE, args: STREAM, bypass: true, steps: [...ready({ hooks: { PreToolUse: hook('hook_0', 'Bash') } }), user('FGBASH please'), waitFor(HOOK_CALLBACK), sleep(1), userWith('hi', { priority: 'now' }), sleep(4), close, sleep(2)] },
  { name: 'in_user_priority_now_bg_task_ff', about: "a line with priority 'now' while a background Bash task runs (idle session)", clis: CLAUDE, args: STREAM, bypass: true, steps: [...bgTaskRunning, userWith('hi', { priority: 'now' }), waitFor(HI_RESULT, 20), waitFor('"subtype":"task_notification"', 20), sleep(4), close, sleep(2)] },
  { name: 'in_user_priority_now_uuid_mid_turn_ff', about: "a line with priority 'now' and a uuid while a slow turn runs", clis: CLAUDE, args: STREAM, steps: [...ready(), ...slowTurnRunning, userWith('hi', { priority: 'now', uuid: '00000000-0000-4000-8000-00000000f0f0' }), waitFor(HI_RESULT, 25), sleep(1), close] },
  { name: 'env_simple_p_ff', about: 'CLAUDE_CODE_SIMPLE=1 with -p hi', clis: CLAUDE, args: ['-p', 'hi', ...P_STREAM], env: { CLAUDE_CODE_SIMPLE: '1' }, steps: [close] },
  { name: 'env_safe_mode_stream_ff', about: 'CLAUDE_CODE_SAFE_MODE=1 in stream-json, a turn', clis: CLAUDE, args: STREAM, env: { CLAUDE_CODE_SAFE_MODE: '1' }, steps: [...ready(), ...turn(), close] },
  { name: 'in_user_replay_folded_two_ff', about: 'two user lines (one with a uuid) under --replay-user-messages while a can_use_tool request waits, then the host allows', clis: CLAUDE, args: [...ASK, '--replay-user-messages'], steps: [...permissionWaiting, user('hi'), userWith('hi there', { uuid: '00000000-0000-4000-8000-0000000000f1' }), sleep(1), { answer: 'can_use_tool', response: ALLOW }, waitFor(RESULT), sleep(2), close] },
];

/** A third round: the agent rule combined with other tool options, `now` with other options and phases. */
const ROUND3 = [
  optS('opt_agent_tools_empty_list_stream_ff', '--agents with tools [] (an empty list), --agent selecting it, stream-json, a turn', ['--agents', agents({ tools: [] }), '--agent', 'reviewer']),
  optS('opt_agent_with_tools_flag_stream_ff', '--tools Read,Bash,Edit with --agent whose tools are [Bash, Write], stream-json', ['--tools', 'Read,Bash,Edit', '--agents', agents({ tools: ['Bash', 'Write'] }), '--agent', 'reviewer']),
  optS('opt_agent_with_disallowed_flag_stream_ff', '--disallowedTools Read with --agent whose tools are [Read, Bash, Grep], stream-json', ['--disallowedTools', 'Read', '--agents', agents({ tools: ['Read', 'Bash', 'Grep'] }), '--agent', 'reviewer']),
  optS('opt_agent_prompt_tool_stdio_ff', '--permission-prompt-tool stdio with --agent whose tools are [Read, AskUserQuestion], stream-json', ['--permission-prompt-tool', 'stdio', '--agents', agents({ tools: ['Read', 'AskUserQuestion'] }), '--agent', 'reviewer']),
  optS('opt_agent_json_schema_stream_ff', '--json-schema with --agent whose tools are [Read], stream-json, a turn', ['--json-schema', '{"type":"object","properties":{"answer":{"type":"string"}},"required":["answer"]}', '--agents', agents({ tools: ['Read'] }), '--agent', 'reviewer']),
  { name: 'in_user_priority_now_partial_mid_turn_ff', about: "a line with priority 'now' while a slow turn streams, with --include-partial-messages", clis: CLAUDE, args: [...STREAM, '--include-partial-messages'], steps: [...ready(), ...slowTurnRunning, userWith('hi', { priority: 'now' }), waitFor(HI_RESULT, 25), sleep(1), close] },
  { name: 'in_user_priority_next_pending_permission_ff', about: "a line with priority 'next' while a can_use_tool request waits, then the host allows", clis: CLAUDE, args: ASK, steps: [...permissionWaiting, userWith('hi', { priority: 'next' }), sleep(1), { answer: 'can_use_tool', response: ALLOW }, waitFor(RESULT), sleep(3), close] },
  { name: 'in_user_priority_now_then_eof_ff', about: "a line with priority 'now' while a slow turn runs, then stdin EOF at once", clis: CLAUDE, args: STREAM, steps: [...ready(), ...slowTurnRunning, userWith('hi', { priority: 'now' }), close, sleep(4)] },
  { name: 'in_user_priority_now_replay_mid_turn_ff', about: "a line with priority 'now' while a slow turn runs, under --replay-user-messages", clis: CLAUDE, args: [...STREAM, '--replay-user-messages'], steps: [...ready(), ...slowTurnRunning, userWith('hi', { priority: 'now' }), waitFor(HI_RESULT, 25), sleep(1), close] },
  { name: 'env_restricted_stream_ff', about: 'CLAUDE_CODE_RESTRICTED=1 in stream-json, a turn', clis: CLAUDE, args: STREAM, env: { CLAUDE_CODE_RESTRICTED: '1' }, steps: [...ready(), ...turn(), close] },
  { name: 'ses_resume_with_agent_stream_ff', about: '--resume of a session first run with --agent (tools [Read]), now run without --agent, stream-json, a turn', clis: CLAUDE, args: [...STREAM, '--resume', SID], steps: [...ready(), ...turn(), close], pre: { args: ['-p', 'hi', ...P_STREAM, '--session-id', SID, '--agents', agents({ tools: ['Read'] }), '--agent', 'reviewer'], steps: [close] } },
];

/** A fourth round: agent files in other shapes and with other options. */
const FILE_LIST = '---\nname: lister\ndescription: "Lists things"\ntools:\n  - Read\n  - Bash\nmodel: inherit\n---\nYou list.\n';
const FILE_NO_TOOLS = '---\nname: helper\ndescription: Helps\ndisallowedTools: Write, Edit\n---\nYou help.\n';
const ROUND4 = [
  optS('opt_agent_file_listed_no_agent_ff', 'two project agent files (no --agent): listed in the initialize reply and system/init, a turn', [], { files: { '.claude/agents/reviewer.md': AGENT_FILE, '.claude/agents/helper.md': FILE_NO_TOOLS } }),
  optS('opt_agent_file_yaml_list_stream_ff', '--agent naming an agent file whose tools are a YAML list (Read, Bash) and model inherit, stream-json', ['--agent', 'lister'], { files: { '.claude/agents/lister.md': FILE_LIST } }),
  optS('opt_agent_file_disallowed_stream_ff', '--agent naming an agent file with disallowedTools Write, Edit and no tools, stream-json', ['--agent', 'helper'], { files: { '.claude/agents/helper.md': FILE_NO_TOOLS } }),
  optS('opt_agent_file_and_json_same_name_ff', '--agents JSON and a project agent file both define reviewer (JSON tools [Bash], file tools Read, Grep), --agent reviewer', ['--agents', agents({ tools: ['Bash'] }), '--agent', 'reviewer'], { files: { '.claude/agents/reviewer.md': AGENT_FILE } }),
  optS('opt_agent_file_setting_sources_user_ff', '--setting-sources user with --agent naming a project agent file, stream-json', ['--setting-sources', 'user', '--agent', 'reviewer'], { files: { '.claude/agents/reviewer.md': AGENT_FILE } }),
  optP('opt_agent_file_p_ff', '-p with --agent naming a project agent file (tools Read, Grep; model haiku)', ['--agent', 'reviewer'], 'hi', { files: { '.claude/agents/reviewer.md': AGENT_FILE } }),
];

/** A fifth round: the initialize request's agents against other model sources, `now` twice, the prompt tool's other refusal. */
const ROUND5 = [
  optS('opt_agent_initialize_model_env_ff', '--agent reviewer defined in the initialize request with model haiku, ANTHROPIC_MODEL=sonnet', ['--agent', 'reviewer'], { env: { ANTHROPIC_MODEL: 'sonnet' }, steps: [...ready({ agents: { reviewer: def({ model: 'haiku' }) } }), ...turn(), close] }),
  optS('opt_agent_initialize_and_json_ff', '--agents JSON (tools [Bash]) and the initialize request (tools [Read]) both define reviewer, --agent reviewer', ['--agents', agents({ tools: ['Bash'] }), '--agent', 'reviewer'], { steps: [...ready({ agents: { reviewer: def({ tools: ['Read'] }) } }), ...turn(), close] }),
  { name: 'in_user_priority_now_twice_mid_turn_ff', about: "two lines with priority 'now' back to back while a slow turn runs", clis: CLAUDE, args: STREAM, steps: [...ready(), ...slowTurnRunning, userWith('hi', { priority: 'now' }), userWith('hi again', { priority: 'now' }), sleep(4), close, sleep(2)] },
  optP('opt_permission_prompt_tool_builtin_ff', '-p FGBASH with --permission-prompt-tool naming a built-in tool (Read), not an MCP tool', ['--permission-prompt-tool', 'Read'], 'FGBASH please'),
  optS('opt_permission_prompt_tool_unknown_stream_ff', '--permission-prompt-tool naming an MCP tool no server offers, stream-json, a FGBASH turn', ['--permission-prompt-tool', 'mcp__perm__ask'], { steps: [...ready(), ...turn('FGBASH please'), close, sleep(2)] }),
];

/** A sixth round: agent files under the setting sources the SDK passes, `later` at a permission prompt, tools as a string. */
const ROUND6 = [
  optS('opt_agent_file_setting_sources_empty_ff', '--setting-sources "" (the SDK default) with --agent naming a project agent file, stream-json', ['--setting-sources', '', '--agent', 'reviewer'], { files: { '.claude/agents/reviewer.md': AGENT_FILE } }),
  optS('opt_agent_file_setting_sources_project_ff', '--setting-sources project with --agent naming a project agent file, stream-json', ['--setting-sources', 'project', '--agent', 'reviewer'], { files: { '.claude/agents/reviewer.md': AGENT_FILE } }),
  optS('opt_agent_tools_string_stream_ff', '--agents whose tools is the string "Read, Bash" (not a list), --agent selecting it, stream-json', ['--agents', agents({ tools: 'Read, Bash' }), '--agent', 'reviewer']),
  { name: 'in_user_priority_later_pending_permission_ff', about: "a line with priority 'later' while a can_use_tool request waits, then the host allows", clis: CLAUDE, args: ASK, steps: [...permissionWaiting, userWith('hi', { priority: 'later' }), sleep(1), { answer: 'can_use_tool', response: ALLOW }, waitFor(RESULT), sleep(3), close] },
];

/** @type {import("../surface-cases.mjs").Case[]} */
export const CASES = [...AGENT, ...BYPASS, ...SESSION, ...STDIN, ...SIGNALS, ...ENV, ...ROUND2, ...ROUND3, ...ROUND4, ...ROUND5, ...ROUND6];
