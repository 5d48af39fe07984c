import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The suites that take longest, started first. A fresh checkout (CI's) has no timings of its own, so vitest starts
 * the largest files first, which left the accessibility suite (axe over some thirty pages, the longest by far) to
 * start among the last and run alone while the browser project's other worker had nothing left to do.
 */
// The hydration suite (every page, twice, with React's development build) next: a small file, it would start last.
const LONGEST_FIRST = ['tests/browser/accessibility.test.ts', 'tests/browser/hydration.test.ts'];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const at = LONGEST_FIRST.findIndex((path) => file.moduleId.endsWith(`/${path}`));
      return at === -1 ? LONGEST_FIRST.length : at;
    };
    // Array.prototype.sort is stable: the others keep vitest's order (its own timings when it has them).
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

// Each workspace has its own project; `npm test` (scripts/test.ts) decides which run and reports what it skipped.
export default defineConfig({
  test: {
    projects: ['domain', 'upstream', 'gateway', 'web', 'tests', 'tests/browser'],
    // Vitest orders the files of every project with the root's sequencer only.
    sequence: { sequencer: LongestFirst },
    // ADR 0228: each file Vite transforms for a test is kept on disk (node_modules/.experimental-vitest-cache, per
    // project), so the next run of a project, a developer's or the upstream's second in `npm test`, skips the work.
    experimental: { fsModuleCache: true },
  },
});
