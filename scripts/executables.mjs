// Marks the commands the packages declare (`bin` of package.json and emulator/package.json) executable after a
// build: the compiler writes new files without the mode npm gives a command when it installs a package, so in a
// checkout `npx cim-emulator` and `npx pulumi-cim` would otherwise be refused ("Permission denied").
import * as fs from "node:fs";
import * as path from "node:path";

for (const dir of [".", "emulator"]) {
  const { bin } = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
  for (const file of Object.values(typeof bin === "string" ? { bin } : (bin ?? {}))) {
    const target = path.join(dir, file);
    if (fs.existsSync(target)) fs.chmodSync(target, 0o755);
  }
}
