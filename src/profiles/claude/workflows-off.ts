import { truthy } from '../../env.js';

/**
 * Claude Code's own workflow switch: both versions read it (a feature flag of their env table; measured:
 * env_claude_disable_workflows_workflow_fy). CODEBUDDY_DISABLE_WORKFLOWS is cbc's and Claude ignores it
 * (env_disable_workflows_workflow_h8).
 */
export const WORKFLOWS_OFF_ENV = 'CLAUDE_CODE_DISABLE_WORKFLOWS';

/** The bundled skills that come with workflows: with the switch on they leave commands, slash_commands and skills (measured on both versions). */
const WORKFLOW_SKILLS = new Set(['deep-research', 'workflow-authoring']);

/** Whether the switch is on (its effort command then offers no ultracode level either: control.ts). */
export const workflowsOff = (env: Readonly<Record<string, string | undefined>>): boolean => truthy(env[WORKFLOWS_OFF_ENV]);

/** `items` (skill names, or command objects by `name`) without the workflow skills when the switch is on. */
export function withoutWorkflowSkills<T>(items: readonly T[], env: Readonly<Record<string, string | undefined>>): T[] {
  if (!workflowsOff(env)) return [...items];
  const name = (x: T): unknown => (typeof x === 'string' ? x : (x as { name?: unknown }).name);
  return items.filter((x) => !WORKFLOW_SKILLS.has(String(name(x))));
}

/**
 * system/init's skill lists: none with --disable-slash-commands (no commands, skills or Skill tool; measured:
 * opt_disable_slash_commands_stream), else the captured ones less the workflow skills when workflows are off.
 */
export function initSkills(init: Record<string, unknown>, noSlashCommands: boolean, env: Readonly<Record<string, string | undefined>>): void {
  if (noSlashCommands) {
    init['slash_commands'] = [];
    init['skills'] = [];
    delete init['terminal_slash_commands'];
    return;
  }
  for (const k of ['slash_commands', 'skills']) if (Array.isArray(init[k])) init[k] = withoutWorkflowSkills(init[k] as unknown[], env);
}
