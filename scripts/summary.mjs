// Prints the plain closing line CI reads: "tests: N passed, M failed[, K skipped]", from vitest's JSON report.
import { readFileSync } from "node:fs";

const report = JSON.parse(readFileSync(process.argv[2], "utf8"));
const skipped = report.numPendingTests + report.numTodoTests;
const failed =
  report.numFailedTests + (report.numFailedTestSuites > 0 && report.numFailedTests === 0 ? 1 : 0);
console.log(
  `tests: ${report.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`,
);
