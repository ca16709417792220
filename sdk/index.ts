export { implementationModule } from "./dynamic";
export { Probe, type ProbeArgs } from "./probe";
