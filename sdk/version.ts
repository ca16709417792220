// The package's own version. On the native path every resource and provider is registered with it, so the engine
// runs the pulumi-resource-cim plugin of this same package (the plugin reports the same version): the classes and
// the plugin that serves them move together.
import { ownPackageRoot } from "../provider/import/dependency";

const own = ownPackageRoot();
if (!own) throw new Error(`cannot find pulumi-cim's package.json above ${__dirname}`);

/** pulumi-cim's version, from its package.json. */
export const packageVersion: string = own.version;
