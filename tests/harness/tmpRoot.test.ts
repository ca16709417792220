import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { staleRoots } from "./tmpRoot.js";

describe("the test run's temporary folder", () => {
  it("is one folder of the run's own, for the workers and the processes they start", () => {
    const own = path.basename(os.tmpdir());
    expect(own).toMatch(/^cim-test-\d+-/);
    expect(fs.statSync(os.tmpdir()).isDirectory()).toBe(true);
    const child = execFileSync(
      process.execPath,
      ["-e", "process.stdout.write(require('node:os').tmpdir())"],
      {
        encoding: "utf8",
      },
    );
    expect(child).toBe(os.tmpdir());
  });

  it("removes the folders of earlier runs whose process is gone, and only those", () => {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), "base-"));
    for (const name of [
      "cim-test-111-a",
      "cim-test-222-b",
      "cim-pack-x",
      `cim-test-${process.pid}-c`,
      "cim-test-x-d",
    ])
      fs.mkdirSync(path.join(base, name));
    const stale = staleRoots(base, (pid) => pid === 222);
    expect(stale).toEqual([path.join(base, "cim-test-111-a")]);
  });
});
