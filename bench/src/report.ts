import type { LoadResult } from './load.js';

/** What a run measured: one line as each figure comes in, and the two tables at the end. */
export interface Row {
  target: string;
  scenario: string;
  connections: number;
  result: LoadResult;
}

/** A target of an issue (7 or 22) beside the figure it judges; `pass` undefined: not measurable in this run. */
export interface Check {
  issue: number;
  target: string;
  goal: string;
  figure: string;
  pass: boolean | undefined;
}

export class Report {
  readonly rows: Row[] = [];
  readonly checks: Check[] = [];
  readonly notes: string[] = [];

  load(target: string, scenario: string, connections: number, result: LoadResult): LoadResult {
    this.rows.push({ target, scenario, connections, result });
    const reasons = result.failureReasons
      .slice(0, 3)
      .map(([reason, count]) => `${reason} x${count}`)
      .join(', ');
    console.log(
      `${target.padEnd(11)} ${scenario.padEnd(52)} ${String(connections).padStart(3)} conn ${result.perSecond.toFixed(0).padStart(7)} /s   p50 ${ms(result.p50).padStart(8)}   p99 ${ms(result.p99).padStart(8)}   failures ${result.failures}/${result.requests}${reasons ? ` (${reasons})` : ''}`,
    );
    return result;
  }

  /** A figure beside its goal, printed at once and kept for the summary. */
  check(target: string, goal: string, figure: string, pass: boolean | undefined, issue = 7): void {
    this.checks.push({ issue, target, goal, figure, pass });
    console.log(`${target.padEnd(11)} ${verdict(pass).padEnd(4)} issue ${issue}: ${goal}: ${figure}`);
  }

  /** A line that belongs in the summary (what a figure was measured with, what was skipped). */
  note(target: string, text: string): void {
    this.notes.push(`${target}: ${text}`);
    console.log(`${target.padEnd(11)} ${text}`);
  }

  printSummary(): void {
    console.log('\nSummary');
    console.log(
      table(
        ['database', 'scenario', 'conn', 'per second', 'p50', 'p99', 'failures'],
        this.rows.map((r) => [
          r.target,
          r.scenario,
          String(r.connections),
          r.result.perSecond.toFixed(0),
          ms(r.result.p50),
          ms(r.result.p99),
          `${r.result.failures}/${r.result.requests}`,
        ]),
        [false, false, true, true, true, true, true],
      ),
    );
    for (const issue of [...new Set(this.checks.map((c) => c.issue))].sort((a, b) => a - b)) {
      console.log(`\nTargets of issue ${issue}`);
      console.log(
        table(
          ['database', 'target', 'measured', 'verdict'],
          this.checks.filter((c) => c.issue === issue).map((c) => [c.target, c.goal, c.figure, verdict(c.pass)]),
          [false, false, false, false],
        ),
      );
    }
    if (this.notes.length) console.log(`\nNotes\n${this.notes.map((n) => `- ${n}`).join('\n')}`);
  }
}

export function ms(value: number): string {
  return value < 10 ? `${value.toFixed(1)} ms` : `${value.toFixed(0)} ms`;
}

function verdict(pass: boolean | undefined): string {
  return pass === undefined ? 'n/a' : pass ? 'PASS' : 'FAIL';
}

/** A Markdown table, so the summary pastes into docs/benchmarks.md as it is. */
function table(header: string[], rows: string[][], alignRight: boolean[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (alignRight[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ')} |`;
  const rule = `| ${widths.map((w, i) => (alignRight[i] ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w))).join(' | ')} |`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}
