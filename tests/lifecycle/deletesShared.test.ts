// A network's delete waits while the run deletes the instances on it, or for the platform to expunge those it
// destroyed without expunge (passingRefusal.ts): under several providers those deletes run in other plugin
// processes of the deployment, which tell theirs (deploymentShared.ts).
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { shareWithDeployment, stopSharing } from "../../provider/lifecycle/deploymentShared";
import { deleteBegins, deletesRunning, leftHolding, leftOn } from "../../provider/lifecycle/passingRefusal";

describe("deletes running in the deployment's other plugin processes", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "cim-deletes-"));
  });
  afterEach(() => {
    stopSharing();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  /** The deployment's file, once this process told something. */
  const theFile = () => {
    const [name] = fs.readdirSync(dir);
    return path.join(dir, name);
  };

  it("counts another process's delete from its begin to its end, by kind", () => {
    shareWithDeployment(dir, process.pid, "127.0.0.1:40001");
    deleteBegins("Volume")(); // this process tells its own, begin and end
    const file = theFile();
    expect(fs.readFileSync(file, "utf8")).toMatch(
      /^deleting \S+ \{"kind":"Volume","by":1\}\ndeleting \S+ \{"kind":"Volume","by":-1\}\n$/,
    );
    expect(deletesRunning(["Instance", "FileSystem"])).toBe(false);
    // the instance's provider, another process of the deployment, begins its delete
    fs.appendFileSync(file, 'deleting 999-other {"kind":"Instance","by":1}\n');
    expect(deletesRunning(["Instance", "FileSystem"])).toBe(true);
    expect(deletesRunning(["Volume"])).toBe(false);
    fs.appendFileSync(file, 'deleting 999-other {"kind":"Instance","by":-1}\n');
    expect(deletesRunning(["Instance", "FileSystem"])).toBe(false);
  });

  it("a process counts its own delete once, and another deployment's not at all", () => {
    shareWithDeployment(dir, process.pid, "127.0.0.1:40001");
    const end = deleteBegins("Instance");
    expect(deletesRunning(["Instance"])).toBe(true);
    end();
    end(); // told once however often it is called
    expect(deletesRunning(["Instance"])).toBe(false);
    expect(fs.readFileSync(theFile(), "utf8").match(/"by":-1/g)).toHaveLength(1);
    // a process of the next deployment (the update after `pulumi up`'s preview) reads another file
    fs.appendFileSync(theFile(), 'deleting 999-other {"kind":"Instance","by":1}\n');
    shareWithDeployment(dir, process.pid, "127.0.0.1:40002");
    expect(deletesRunning(["Instance"])).toBe(false);
  });

  it("knows what another process's deletes left on a network, and forgets it with the deployment", () => {
    shareWithDeployment(dir, process.pid, "127.0.0.1:40001");
    leftHolding(["net-a"], "i-1", "web-1"); // this process's own, named
    expect(leftOn("net-a")).toEqual(["instance web-1 (id i-1)"]);
    expect(leftOn("net-b")).toEqual([]);
    // told by its id alone: a name may come from a secret
    expect(fs.readFileSync(theFile(), "utf8")).toMatch(
      /^leftHolding \S+ \{"held":\["net-a"\],"instance":"i-1"\}\n$/,
    );
    // the instance's provider, another process of the deployment, destroyed one on both networks
    fs.appendFileSync(theFile(), 'leftHolding 999-other {"held":["net-a","net-b"],"instance":"i-2"}\n');
    expect(leftOn("net-a")).toEqual(["instance web-1 (id i-1)", "instance (id i-2)"]);
    expect(leftOn("net-b")).toEqual(["instance (id i-2)"]);
    // the next deployment's processes read another file: what the other process told is not theirs
    shareWithDeployment(dir, process.pid, "127.0.0.1:40002");
    expect(leftOn("net-a")).toEqual([]);
    expect(leftOn("net-b")).toEqual([]);
  });
});
