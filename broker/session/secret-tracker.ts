import type { SecretRegistry } from "../../shared/logger.js";

/**
 * The token values this broker has registered for log scrubbing, so they can be unregistered when
 * the session ends. Bounded: rotation adds two values every few minutes, and every log line is
 * scrubbed against all of them; the oldest have long been spent or expired.
 */
export class SecretTracker {
  private readonly values: string[] = [];

  constructor(
    private readonly registry: SecretRegistry,
    private readonly max = 16,
  ) {}

  add(...values: string[]): void {
    for (const value of values) {
      if (this.values.includes(value)) continue;
      this.registry.add(value);
      this.values.push(value);
    }
    while (this.values.length > this.max) this.registry.delete(this.values.shift()!);
  }

  clear(): void {
    for (const value of this.values.splice(0)) this.registry.delete(value);
  }
}
