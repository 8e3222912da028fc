// The benchmark's output: a console table and docs/performance.md.
import { writeFileSync } from 'node:fs';

/** One measured line of a section. */
export interface Row {
  what: string;
  value: string;
  detail: string;
}

/** One budget: `pass` undefined means not measured (the reason is in `measured`). */
export interface Budget {
  name: string;
  measured: string;
  budget: string;
  pass: boolean | undefined;
}

/** One benchmark section. */
export interface Section {
  title: string;
  method: string;
  rows: Row[];
  budgets: Budget[];
}

// a number that is only reported (no limit) is MEASURED, never a PASS
const verdict = (b: Budget): string => (b.pass === undefined ? 'NOT MEASURED' : b.budget === 'reported' ? 'MEASURED' : b.pass ? 'PASS' : 'FAIL');

/** The console table. */
export function printTable(sections: Section[]): void {
  for (const s of sections) {
    console.log(`\n${s.title}`);
    const w = Math.max(...s.rows.map((r) => r.what.length), 10);
    for (const r of s.rows) console.log(`  ${r.what.padEnd(w)}  ${r.value}   (${r.detail})`);
  }
  console.log('\nBudgets');
  for (const b of sections.flatMap((s) => s.budgets)) console.log(`  ${verdict(b).padEnd(12)} ${b.name}: ${b.measured} (budget ${b.budget})`);
}

/** docs/performance.md: machine, method, numbers, budgets; `notes` is hand-kept text appended verbatim. */
export function writeMarkdown(file: string, sections: Section[], m: { cpu: string; nproc: number; node: string; os: string; date: string; bin: string; load: string; env: string }, notes: string): void {
  const lines = [
    '# Performance',
    '',
    'Written by `npm run bench` ([`test/bench/run.ts`](../test/bench/run.ts); issues #9, #21). Not part of `npm test`:',
    'timings belong here, not in timed assertions. Re-run it on your machine; the numbers below are one run.',
    'Each budget is a ratio to a floor measured in the same run, side by side (interleaved), so it holds on a',
    'loaded machine where absolute times do not; the machine\'s load during the run is printed below.',
    '',
    '## Machine',
    '',
    `- CPU: ${m.cpu} (\`nproc\`: ${m.nproc})`,
    `- Node: ${m.node} (${m.os})`,
    `- Run: ${m.date}, drop-in \`${m.bin}\`, load average at the start ${m.load}`,
    `- Environment: ${m.env}`,
    '',
    '## Budgets',
    '',
    '| budget | measured | limit | verdict |',
    '|---|---|---|---|',
    ...sections.flatMap((s) => s.budgets).map((b) => `| ${b.name} | ${b.measured} | ${b.budget} | **${verdict(b)}** |`),
    '',
  ];
  for (const s of sections) {
    lines.push(`## ${s.title}`, '', s.method, '');
    if (s.rows.length) {
      lines.push('| what | value | detail |', '|---|---|---|');
      for (const r of s.rows) lines.push(`| ${r.what} | ${r.value} | ${r.detail} |`);
      lines.push('');
    }
  }
  writeFileSync(file, lines.join('\n') + notes);
}
