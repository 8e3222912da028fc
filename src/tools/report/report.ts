import { basename } from 'node:path';
import { renderHtml } from './html.js';
import type { InputKind, Model } from './browser/model.js';
import { readRecords } from './input.js';
import { buildModel } from './model.js';
import { findViolations } from './violations.js';

/** Options of one report. */
export interface ReportOptions {
  /** Page title; default: "cbc-emu report: <source>". */
  title?: string;
  /** Name of the input shown in the title (a file name). */
  source?: string;
  /** Mark the violations `cbc-emu check` finds (issue #11). */
  check?: boolean;
}

/** A rendered report and what it shows. */
export interface Report {
  html: string;
  model: Model;
  input: InputKind;
  frames: number;
  tasks: number;
  /** Violations marked (0 unless `check`). */
  violations: number;
}

/**
 * Renders a transcript, journal or cassette (ndjson text) as one self-contained HTML timeline. Library
 * entry for `cbc-emu report` and for tools that write a picture next to a failure (`cbc-emu fuzz`).
 */
export function buildReport(text: string, opts: ReportOptions = {}): Report {
  const { kind, recs } = readRecords(text);
  const violations = opts.check ? findViolations(text, kind, recs) : undefined;
  const title = opts.title ?? `cbc-emu report: ${opts.source !== undefined ? basename(opts.source) : kind}`;
  const model = buildModel(kind, recs, { title, ...(violations ? { violations } : {}) });
  return { html: renderHtml(model), model, input: kind, frames: recs.length, tasks: model.tasks.length, violations: model.violations.length };
}
