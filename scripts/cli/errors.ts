/** A mistake in how the command was called: the CLI prints the message and usage, exit 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** A command that ran and failed in a way the person can act on: message only, exit 1. */
export class CommandError extends Error {
  override readonly name = "CommandError";
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}
