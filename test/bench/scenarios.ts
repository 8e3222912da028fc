// Generated scenarios for the benchmarks: written as YAML to a temp folder, loaded by the drop-in like any user file.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Many agents and phases: `workflows` background workflows per turn, each 3 phases × 4 agents with
 * distinct durations (so each state change is its own task_progress snapshot). One `go` prompt plays
 * the turn; it matches any number of times.
 */
export function writeWideScenario(dir: string, workflows = 4): string {
  let y = 'name: bench-wide\nunmatched: error\nturns:\n  - match: { contains: "go" }\n    reply: "Launching {{prompt}}"\n    workflows:\n';
  for (let w = 0; w < workflows; w++) {
    y += `      - name: wf-${w}\n        description: "bench workflow ${w}"\n        phases:\n`;
    for (let p = 0; p < 3; p++) {
      y += `          - title: Phase ${p}\n            agents:\n`;
      for (let a = 0; a < 4; a++) {
        y += `              - { label: w${w}-p${p}-a${a}, duration: ${100 + 37 * a + 11 * w}ms, tokens: ${1000 + a}, tool_uses: ${a}, result: "result of agent ${a} in phase ${p}" }\n`;
      }
    }
  }
  y += '    result: "launched"\n';
  const file = join(dir, 'bench-wide.yaml');
  writeFileSync(file, y);
  return file;
}

/**
 * Many small frames: each `go` prompt starts `tasks` background sub-agents with `tools` tool uses
 * each (one task_progress per tool use), no follow-up turns. About tasks × tools frames per prompt.
 */
export function writeManyFramesScenario(dir: string, tasks = 2, tools = 500): string {
  const list = '[' + Array.from({ length: tools }, (_, i) => ['Read', 'Grep', 'Edit', 'Bash'][i % 4]).join(', ') + ']';
  let y = 'name: bench-frames\nunmatched: error\nturns:\n  - match: { contains: "go" }\n    reply: "Starting {{prompt}}"\n    background:\n';
  for (let t = 0; t < tasks; t++) y += `      - { kind: agent, description: "bench agent ${t}", duration: ${60 + t}s, tokens: 100000, followup: false, tools: ${list} }\n`;
  y += '    result: "started"\n';
  const file = join(dir, 'bench-frames.yaml');
  writeFileSync(file, y);
  return file;
}
