import type { Reporter, TestCase } from 'vitest/node';

// Names the tests that failed and then passed on a retry. The browser suite retries once under CI
// (vitest.config.ts): a journey that fails on a loaded machine and passes again must not fail the
// whole submission, but it must not pass silently either. The line is printed last, and CI prints it
// again at the end of its log (.ci/run).

export const FLAKY_HEADING = 'Passed only on a retry (flaky: find out why):';

export default class FlakyReporter implements Reporter {
  private readonly flaky: string[] = [];

  onTestCaseResult(testCase: TestCase): void {
    const diagnostic = testCase.diagnostic();
    // A test that fails on purpose (test.fails) passes by failing: its retries say nothing about flakiness.
    if (diagnostic && diagnostic.retryCount > 0 && testCase.result().state === 'passed' && !testCase.options.fails)
      this.flaky.push(`${testCase.module.moduleId} > ${testCase.fullName} (${diagnostic.retryCount} retry)`);
  }

  onTestRunEnd(): void {
    if (this.flaky.length === 0) return;
    console.log(`\n${FLAKY_HEADING}\n${this.flaky.map((name) => `  - ${name}`).join('\n')}\n`);
  }
}
