import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Agents defined in files (issue #16, capture opt_agent_file_stream_ff): Claude Code reads `<name>.md` files from
 * its user and project agent folders; each file's frontmatter names the agent and gives its description, tools,
 * disallowed tools and model, the body is its prompt. The emulator folds them into the --agents JSON the profile
 * reads (a later folder overrides an earlier one, --agents' own override both), so they are listed and --agent can
 * select them like --agents' own.
 */
export function withAgentFiles<V>(flags: ReadonlyMap<string, V | string>, folders: readonly string[]): Map<string, V | string> {
  const out = new Map(flags);
  const fromFiles: Record<string, Record<string, unknown>> = {};
  for (const folder of folders) Object.assign(fromFiles, agentsIn(folder));
  if (Object.keys(fromFiles).length === 0) return out;
  const given = flags.get('agents');
  // a value naming a file is left to its own reading (compose reads it first; a start check looks at the path)
  if (typeof given === 'string' && !given.trim().startsWith('{')) return out;
  let own: unknown;
  try {
    own = typeof given === 'string' ? JSON.parse(given) : {};
  } catch {
    own = {}; // an unreadable --agents defines none (2.1.328 refuses it at start)
  }
  const ownAgents = typeof own === 'object' && own !== null && !Array.isArray(own) ? own : {};
  out.set('agents', JSON.stringify({ ...fromFiles, ...ownAgents }));
  return out;
}

/** --setting-sources as a list (undefined: not given, every source). */
export function settingSourcesOf(value: string | undefined): string[] | undefined {
  return value === undefined ? undefined : value.split(/[\s,]+/).filter((x) => x !== '');
}

/** The agents of one folder's `*.md` files, by name (a file without a name or description defines none). */
function agentsIn(folder: string): Record<string, Record<string, unknown>> {
  // asked first: most homes and projects have no agents folder, and a thrown ENOENT costs Node an error object (issue #21)
  if (!existsSync(folder)) return {};
  let names: string[];
  try {
    names = readdirSync(folder).filter((f) => f.endsWith('.md')).sort();
  } catch {
    return {}; // not a folder, or gone meanwhile
  }
  const out: Record<string, Record<string, unknown>> = {};
  for (const file of names) {
    let text: string;
    try {
      text = readFileSync(join(folder, file), 'utf8');
    } catch {
      continue;
    }
    const agent = parseAgentFile(text);
    if (agent !== undefined) out[agent.name] = agent.def;
  }
  return out;
}

/**
 * One agent file: `---` frontmatter of `key: value` lines (a list as `a, b`, `[a, b]` or `- a` lines), then the
 * prompt. Read by hand: the drop-in's start path loads no YAML parser (test/hardening/startup.test.ts), and agent
 * frontmatter is flat.
 */
export function parseAgentFile(text: string): { name: string; def: Record<string, unknown> } | undefined {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text.replace(/^\uFEFF/, ''));
  if (m === null) return undefined;
  const fields = new Map<string, string | string[]>();
  let listKey: string | undefined;
  for (const line of (m[1] ?? '').split(/\r?\n/)) {
    const item = /^\s+-\s*(.*)$/.exec(line);
    const current = listKey === undefined ? undefined : fields.get(listKey);
    if (item !== null && listKey !== undefined && Array.isArray(current)) {
      current.push(unquote(item[1] ?? ''));
      continue;
    }
    const kv = /^([A-Za-z][\w-]*)\s*:\s*(.*)$/.exec(line);
    if (kv === null) continue;
    const [key, value] = [kv[1] ?? '', (kv[2] ?? '').trim()];
    listKey = value === '' ? key : undefined;
    fields.set(key, value === '' ? [] : unquote(value));
  }
  const name = fields.get('name');
  const description = fields.get('description');
  if (typeof name !== 'string' || name === '' || typeof description !== 'string') return undefined;
  const def: Record<string, unknown> = { description, prompt: (m[2] ?? '').trim() };
  for (const key of ['tools', 'disallowedTools'] as const) {
    const v = fields.get(key);
    if (v !== undefined) def[key] = listOf(v);
  }
  const model = fields.get('model');
  if (typeof model === 'string' && model !== '') def['model'] = model;
  return { name, def };
}

const unquote = (v: string): string => v.replace(/^(["'])(.*)\1$/, '$2');

/** A frontmatter list: `a, b`, `[a, b]` or the `- a` lines already gathered. */
function listOf(v: string | string[]): string[] {
  const items = Array.isArray(v) ? v : v.replace(/^\[(.*)\]$/, '$1').split(',');
  return items.map((x) => unquote(x.trim())).filter((x) => x !== '');
}
