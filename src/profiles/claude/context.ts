import type { SpentToolCall } from '../../engine/spend-view.js';
import type { EncodeContext } from '../../engine/profile.js';
import { clone, profileData } from '../data.js';
import type { ClaudeSpec } from './spec.js';

type Category = { name: string; tokens: number; color: string; kind?: string; isDeferred?: boolean };

/** The context grid's size (measured: 10 rows of 20; a square stands for max tokens / 200). */
const ROWS = 10;
const COLS = 20;

/** Claude Code's rough token estimate of a text: a quarter of its length, rounded (measured: "hi" 1, a text block's JSON of 45 chars 11). */
const estimate = (s: string): number => Math.round(s.length / 4);

/**
 * 2.1.328's `detail: "full"` (its default) counts the categories with the Messages API's count_tokens instead of its
 * own estimates. The capture harness's fake API answers every count with 123 tokens: the system prompt then counts ten
 * of them and the tool categories none, so they are left out (capture ctl_get_context_usage_no_detail_h4).
 */
const FULL_COUNT_SYSTEM_PROMPT = 1230;
/** ...and before any model call its messages count one answer's worth, as unattributed Messages (ctl_get_context_usage_no_detail_idle_fp). */
const FULL_COUNT_MESSAGES = 123;
const FULL_COUNT_DROPPED = new Set(['system_tools', 'system_tools_deferred']);
/**
 * 2.1.328's prompt_snapshot attachment while a turn runs: the snapshot of the prompt as the turn opened, smaller than the
 * one a finished turn leaves (the captured reply's); measured alike mid-call and while a hook waits
 * (ctl_get_context_usage_mid_turn_h5, _mid_turn_summary_fr, _pending_hook_fr).
 */
const RUNNING_PROMPT_SNAPSHOT = 1809;

/**
 * get_context_usage (captures ctl_get_context_usage_*): the captured breakdown of the CLI's own prompt (system
 * prompt, tools, skills: constant per version) with this session's conversation. Before any model call
 * 2.1.220 counts its slash command listing as unattributed messages; after one, its total is the last call's
 * input tokens, while 2.1.328 sums its own estimates. The grid gives each category its share of 200 squares (rounded up),
 * free space the rest, the autocompact buffer last. `full`: the request did not ask for `detail: "summary"`.
 */
export function contextUsage(spec: ClaudeSpec, ctx: EncodeContext, full = false): Record<string, unknown> {
  const r = clone(profileData(spec.name).controlReplies?.['get_context_usage']?.response) as Record<string, unknown>;
  const max = r['maxTokens'] as number;
  const spend = ctx.spend;
  const calls = [...(spend?.byModel.values() ?? [])].reduce((n, m) => n + m.requests, 0);
  const counted328 = spec.v328 && full;
  const all = (r['categories'] as Array<Category & { id?: string }>)
    .filter((c) => !counted328 || !FULL_COUNT_DROPPED.has(c.id ?? ''))
    .map((c) => (counted328 && c.id === 'system_prompt' ? { ...c, tokens: FULL_COUNT_SYSTEM_PROMPT } : c));
  const free = all.find((c) => c.name === 'Free space')!;
  const buffer = all.filter((c) => c.kind === 'buffer');
  const used = all.filter((c) => c !== free && c.kind !== 'buffer');
  const breakdown = r['messageBreakdown'] as Record<string, unknown>;
  const prompts = spend?.prompts ?? [];
  if (calls === 0) {
    const unattributed = spec.v328 ? (counted328 ? FULL_COUNT_MESSAGES : 0) : (r['slashCommands'] as { tokens: number }).tokens;
    const messages = { name: 'Messages', tokens: unattributed, color: 'purple_FOR_SUBAGENTS_ONLY' };
    if (unattributed > 0) used.push(spec.v328 ? { id: 'messages', ...messages, kind: 'used' } : messages);
    r['apiUsage'] = null;
    // before any prompt the messages are all unattributed; once one is in (a first call under way) they are its
    // attachments and its text (measured: ctl_get_context_usage_idle, ctl_get_context_usage_mid_turn_h5)
    if (prompts.length === 0) {
      for (const k of Object.keys(breakdown)) breakdown[k] = Array.isArray(breakdown[k]) ? [] : 0;
      breakdown['unattributedTokens'] = unattributed;
    }
  } else r['apiUsage'] = { input_tokens: 100, output_tokens: 20, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 }; // the fake API's usage of one call (SessionSpend counts every call alike)
  if (prompts.length > 0) {
    breakdown['assistantMessageTokens'] = (spend?.replies ?? []).reduce((n, t) => n + estimate(JSON.stringify({ type: 'text', text: t })), 0);
    breakdown['userMessageTokens'] = prompts.reduce((n, t) => n + estimate(t), 0);
    toolTokens(breakdown, spend?.toolCalls ?? []);
    // a turn under way: more prompts than results (2.1.328's prompt snapshot is the running turn's)
    if (spec.v328 && prompts.length > (ctx.pastResults?.length ?? 0)) runningSnapshot(breakdown);
  }
  const counted = used.filter((c) => c.isDeferred !== true);
  free.tokens = max - [...counted, ...buffer].reduce((n, c) => n + c.tokens, 0);
  const total = spec.v328 || calls === 0 ? counted.reduce((n, c) => n + c.tokens, 0) : 100;
  r['categories'] = [...used, ...(spec.v328 ? buffer : []), free, ...(spec.v328 ? [] : buffer)];
  r['totalTokens'] = total;
  r['model'] = ctx.model;
  r['percentage'] = Math.round((total / max) * 100);
  r['gridRows'] = grid(counted, free, spec.v328 ? buffer : [], max);
  // the key order of the captured reply: gridRows after percentage
  return Object.fromEntries(Object.entries(r).flatMap(([k, v]): Array<[string, unknown]> => (k === 'gridRows' ? [] : k === 'percentage' ? [[k, v], ['gridRows', r['gridRows']]] : [[k, v]])));
}

function grid(used: Category[], free: Category, tail: Category[], max: number): unknown[][] {
  const share = (c: Category) => (c.tokens / max) * (ROWS * COLS);
  const squares = (c: Category, n = Math.max(1, Math.ceil(share(c)))) =>
    Array.from({ length: n }, (_, i) => ({
      color: c.color,
      isFilled: true,
      categoryName: c.name,
      tokens: c.tokens,
      percentage: Math.round((c.tokens / max) * 100),
      squareFullness: Math.min(1, share(c) - i),
    }));
  const head = used.flatMap((c) => squares(c));
  const end = tail.flatMap((c) => squares(c));
  const cells = [...head, ...squares(free, ROWS * COLS - head.length - end.length), ...end];
  return Array.from({ length: ROWS }, (_, i) => cells.slice(i * COLS, (i + 1) * COLS));
}

/** The breakdown's prompt_snapshot attachment as a running turn has it, and the attachments' total again. */
function runningSnapshot(breakdown: Record<string, unknown>): void {
  const list = breakdown['attachmentsByType'] as Array<{ name: string; tokens: number }>;
  for (const a of list) if (a.name === 'prompt_snapshot') a.tokens = RUNNING_PROMPT_SNAPSHOT;
  breakdown['attachmentTokens'] = list.reduce((n, a) => n + a.tokens, 0);
}

/**
 * The breakdown's tool calls and results: each estimated from its block as the conversation stores it (the call's
 * tool_use block, the result's tool_result block), summed per tool in the order first called (measured: 35 and 23
 * for a Bash call and its result, ctl_get_context_usage_after_tool_fr; a call whose result is not in yet counts its
 * call only, ctl_get_context_usage_pending_hook_fr).
 */
function toolTokens(breakdown: Record<string, unknown>, calls: ReadonlyArray<Readonly<SpentToolCall>>): void {
  const byType = new Map<string, { name: string; callTokens: number; resultTokens: number }>();
  for (const c of calls) {
    const t = byType.get(c.name) ?? { name: c.name, callTokens: 0, resultTokens: 0 };
    t.callTokens += estimate(JSON.stringify({ type: 'tool_use', id: c.id, name: c.name, input: c.input }));
    if (c.result) t.resultTokens += estimate(JSON.stringify({ tool_use_id: c.id, type: 'tool_result', content: c.result.content, is_error: c.result.isError }));
    byType.set(c.name, t);
  }
  const list = [...byType.values()];
  breakdown['toolCallTokens'] = list.reduce((n, t) => n + t.callTokens, 0);
  breakdown['toolResultTokens'] = list.reduce((n, t) => n + t.resultTokens, 0);
  breakdown['toolCallsByType'] = list;
}
