// The package's own version. On the native path every resource and provider is registered with it, so the engine
// runs the pulumi-resource-cim plugin of this same package (the plugin reports the same version): the classes and
// the plugin that serves them move together. Read when first needed: the dynamic path never needs it.
import { ownPackageRoot } from "../provider/import/dependency";

let version: string | undefined;

/** pulumi-cim's version, from its package.json. */
export function packageVersion(): string {
  if (version === undefined) {
    const own = ownPackageRoot(__dirname);
    if (!own) throw new Error(`cannot find pulumi-cim's package.json above ${__dirname}`);
    version = own.version;
  }
  return version;
}
