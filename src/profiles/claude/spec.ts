import type { ProfileName } from '../../protocol/vocabulary.js';
import type { Wire } from '../../protocol/frames/index.js';

/**
 * What differs between the Claude Code versions the profiles reproduce, as data (claude-code-cli.md §10,
 * captures claude-code-2.1.220 / claude-code-2.1.328). Key orders differ too; those are in src/protocol/frames.
 */
export interface ClaudeSpec {
  version: '2.1.220' | '2.1.328';
  name: Extract<ProfileName, `claude-${string}`>;
  wire: Extract<Wire, `claude-${string}`>;
  /** 2.1.328's additions: run ids, the stop snapshot, error_code, sdk_host_only, subagent_stats, ... */
  v328: boolean;
  /** USD per input / output token of the default model. */
  price: { input: number; output: number };
  maxOutputTokens: number;
  /** Models whose output limit differs from the default model's (measured: ctl_apply_flag_settings_model). */
  maxOutputTokensOf?: Readonly<Record<string, number>>;
  defaultModel: string;
  /** The effort level a hook's input reports (measured in req_hook_callback). */
  hookEffort: string;
  /** Tool names of system/init. */
  tools: readonly string[];
}

const TOOLS_328 = ['Task', 'Bash', 'CronCreate', 'CronDelete', 'CronList', 'Edit', 'EnterWorktree', 'ExitWorktree', 'ListAgents', 'Monitor',
  'NotebookEdit', 'Read', 'ReportFindings', 'ScheduleWakeup', 'SendMessage', 'Skill', 'TaskStop', 'ToolSearch', 'WebFetch', 'WebSearch', 'Workflow', 'Write'];
/**
 * A model of the 4.x (or older) families, e.g. claude-sonnet-4-5: Claude Code gives it 32000 output tokens, no per-turn
 * effort and no `ultracode` effort level, and 2.1.328 the task-list tools (measured: env_model_sonnet, env_model_stream).
 */
export const isPre5Model = (model: string | undefined): boolean => model !== undefined && /^claude-[a-z]+-[1-4]-/.test(model);
/**
 * A model name that is no Claude model id once aliases are resolved (a custom deployment name, or "" from `--model ''`):
 * Claude Code gives it 32000 output tokens, and 2.1.328 no per-turn effort, an "unknown" cost basis and a stderr notice
 * (captures opt_model_unknown_ft, opt_model_empty_ft).
 */
export const isUnrecognizedModel = (model: string | undefined): boolean => model !== undefined && !/(^|[./:@])claude-/.test(model);
/** What a pre-5 model may write. */
export const PRE5_MAX_OUTPUT_TOKENS = 32000;

/** 2.1.328's task-list tools, offered to models before the 5 family only (measured: env_model_sonnet, env_model_stream). */
export const TASK_LIST_TOOLS_328 = ['TaskCreate', 'TaskGet', 'TaskList', 'TaskUpdate'];
const TOOLS_220 = ['Task', 'Bash', 'CronCreate', 'CronDelete', 'CronList', 'Edit', 'EnterWorktree', 'ExitWorktree', 'NotebookEdit', 'Read',
  'ReportFindings', 'ScheduleWakeup', 'SendMessage', 'Skill', 'TaskCreate', 'TaskGet', 'TaskList', 'TaskOutput', 'TaskStop', 'TaskUpdate',
  'WebFetch', 'WebSearch', 'Workflow', 'Write'];

/** Claude Code 2.1.220 (the version seed 000 §7 aligns with). */
export const CLAUDE_220: ClaudeSpec = {
  version: '2.1.220',
  name: 'claude-2.1.220',
  wire: 'claude-2.1.220',
  v328: false,
  price: { input: 5e-6, output: 25e-6 },
  maxOutputTokens: 64000,
  maxOutputTokensOf: { 'claude-haiku-4-5-20251001': 32000 },
  defaultModel: 'claude-opus-5[1m]',
  hookEffort: 'high',
  tools: TOOLS_220,
};

/** Claude Code 2.1.328. */
export const CLAUDE_328: ClaudeSpec = {
  version: '2.1.328',
  name: 'claude-2.1.328',
  wire: 'claude-2.1.328',
  v328: true,
  price: { input: 4e-6, output: 20e-6 },
  maxOutputTokens: 128000,
  defaultModel: 'claude-opus-5-5',
  hookEffort: 'medium',
  tools: TOOLS_328,
};
