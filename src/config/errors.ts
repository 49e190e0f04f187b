// The one error type configuration loading throws: its message names the source, the exact key path and the fix.

export type KeyPath = readonly (string | number)[];

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

/** `["CodeIndex", "Projects", 1, "Root"]` → `CodeIndex.Projects[1].Root`. */
export function formatKeyPath(path: KeyPath): string {
  let out = "";
  for (const segment of path) {
    if (typeof segment === "number") out += `[${segment}]`;
    else out += out === "" ? segment : `.${segment}`;
  }
  return out === "" ? "(top level)" : out;
}
