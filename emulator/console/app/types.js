// @ts-check
// The shapes the console's modules share (types only).

/**
 * A family as /console/meta.json describes it (emulator/console/meta.ts builds it from the registry).
 * @typedef {{key: string, label: string, resourceType?: string, list: string, item?: string, busy: string[]}} Family
 * @typedef {{
 *   families: Family[],
 *   unlisted: {key: string, label: string}[],
 *   rawStates: Record<string, string>,
 *   adminPermission: string,
 * }} Meta
 * @typedef {{id: string, name: string, primary: boolean, active: boolean}} Region
 * @typedef {{
 *   api: import("./api.js").Api,
 *   meta: Meta,
 *   root: HTMLElement,
 *   region: Region,
 *   regions: Region[],
 *   admin: boolean,
 * }} ViewContext
 * @typedef {{dispose(): void}} View
 */

export {};
