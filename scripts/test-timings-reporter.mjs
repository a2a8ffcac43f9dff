// A Vitest reporter that records each test file's wall time, from the moment its worker starts
// preparing it (before the imports) to its end, with Vitest's own breakdown. Vitest's JSON report
// times a file from its first test only, so a file whose time goes into imports and `beforeAll`
// looks cheap there. `.ci/check-results.mjs` prints the slowest files from what this writes.
//
//   vitest run --reporter=default --reporter=./scripts/test-timings-reporter.mjs
//
// Writes TEST_TIMINGS_FILE, default test-results/file-timings.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const DEFAULT_TIMINGS_FILE = 'test-results/file-timings.json';

export default class TestTimingsReporter {
  /** @type {Map<string, number>} */
  queued = new Map();
  /** @type {Array<Record<string, unknown>>} */
  files = [];
  started = performance.now();
  /** @type {string} */
  root = process.cwd();

  /** @param {{ config: { root: string } }} vitest */
  onInit(vitest) {
    this.root = vitest.config.root;
    this.started = performance.now();
  }

  /** @param {{ moduleId: string, project: { name: string } }} module */
  onTestModuleQueued(module) {
    this.queued.set(`${module.project.name}\0${module.moduleId}`, performance.now());
  }

  /** @param {any} module */
  onTestModuleEnd(module) {
    const key = `${module.project.name}\0${module.moduleId}`;
    const ended = performance.now();
    const from = this.queued.get(key) ?? ended;
    const diagnostic = module.diagnostic();
    this.files.push({
      file: path.relative(this.root, module.moduleId),
      project: module.project.name,
      state: module.state(),
      tests: [...module.children.allTests()].length,
      startedAtMs: Math.round(from - this.started),
      wallMs: Math.round(ended - from),
      importMs: Math.round(diagnostic.collectDuration),
      testsAndHooksMs: Math.round(diagnostic.duration),
    });
  }

  onTestRunEnd() {
    const file = process.env.TEST_TIMINGS_FILE ?? DEFAULT_TIMINGS_FILE;
    const target = path.resolve(this.root, file);
    mkdirSync(path.dirname(target), { recursive: true });
    const files = [...this.files].sort((a, b) => Number(b.wallMs) - Number(a.wallMs));
    const wallMs = Math.round(performance.now() - this.started);
    writeFileSync(target, `${JSON.stringify({ wallMs, files }, null, 1)}\n`);
  }
}
