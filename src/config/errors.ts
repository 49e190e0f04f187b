// The error types configuration loading throws: the message names the source, the exact key path and the fix.

export type KeyPath = readonly (string | number)[];

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

/** A bad command-line flag value: the command was used wrongly (the CLI exits 2), not a broken config. */
export class FlagError extends ConfigError {
  constructor(message: string) {
    super(message);
    this.name = "FlagError";
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
