/**
 * The report page's data: what src/tools/report/model.ts builds from a stream and the page's script
 * (./timeline.ts) draws, serialised as JSON into the page. Types only, shared by both sides.
 */

/** What kind of file was read. */
export type InputKind = 'transcript' | 'journal' | 'cassette';

/** Kinds of marks; the page colours and orders them (docs: `cbc-emu report --help`). */
export type MarkKind =
  | 'turn' | 'result' | 'result-error' | 'prompt'
  | 'ctl-req' | 'ctl-ack' | 'ctl-err'
  | 'started' | 'updated' | 'notify' | 'progress'
  | 'msg' | 'meta' | 'raw' | 'violation';

/** One clickable mark: the record it shows, its kind, and whether it is a late row (after the task's notification). */
export interface Mark {
  f: number;
  k: MarkKind;
  late?: 1;
}

/** Final colour of a bar (seed 000 §5.2 agent states; `aborted` = error after the notification or "subagent aborted"). */
export type BarState = 'done' | 'error' | 'cached' | 'aborted' | 'running';

/** A span on the time axis (`t0..t1`, epoch ms) and on the frame-order axis (`i0..i1`, record indexes). */
export interface Span {
  t0: number;
  t1: number;
  i0: number;
  i1: number;
}

/** One agent (or one background task) from its start to its terminal state. */
export interface Bar extends Span {
  state: BarState;
  /** Record whose frame shows the final state (clicking the bar shows it). */
  f: number;
  /** Result preview or error text, drawn after the bar. */
  note?: string;
  /** No terminal state was ever seen. */
  open?: 1;
}

/** One line of the picture. */
export interface Row {
  kind: 'lane' | 'task' | 'phase' | 'agent';
  label: string;
  /** Secondary text (task type and status, agent state). */
  sub?: string;
  /** Index of the task (in `Model.tasks`) this row belongs to. */
  task?: number;
  bar?: Bar;
  marks?: Mark[];
  /** Phase band behind the phase row and its agent rows. */
  band?: Span;
  /** Request → ACK pairs (record indexes) drawn as links on the Control lane. */
  links?: Array<[number, number]>;
}

/** One violation from the checker, placed on the record of its line. */
export interface PlacedViolation {
  f: number;
  line: number;
  rule: string;
  message: string;
}

/** Per task: its id, the record of its notification, and of its last late row (frames after the notification). */
export interface TaskInfo {
  id: string;
  notify?: number;
  lateEnd?: number;
}

/** Everything the page draws; serialised as JSON into the report. */
export interface Model {
  title: string;
  input: InputKind;
  axis: 'time' | 'order';
  /** Per record: [line, dir, time, label, mark kind]. */
  recs: Array<[number, string, number, string, MarkKind]>;
  /** Per record: the frame object (or the raw line / event) shown in the detail panel. */
  frames: unknown[];
  rows: Row[];
  tasks: TaskInfo[];
  violations: PlacedViolation[];
  checked: boolean;
}
