import type { MethodDefinition } from './MethodDefinition.js';

/**
 * The methods a server answers, looked up by exact name. Built from an explicit list (no
 * reflection, so no helper becomes an endpoint by accident); a name listed twice is a bug in
 * that list and throws at construction rather than letting one silently shadow the other.
 */
export class MethodRegistry {
  readonly #methods = new Map<string, MethodDefinition>();

  constructor(methods: readonly MethodDefinition[]) {
    for (const method of methods) {
      if (this.#methods.has(method.name)) throw new Error(`method ${method.name} is registered twice`);
      this.#methods.set(method.name, method);
    }
  }

  /** The definition of `name`, or undefined. A Map, so names like `toString` or `__proto__` are safe. */
  get(name: string): MethodDefinition | undefined {
    return this.#methods.get(name);
  }

  /** Every registered method name, in registration order. */
  names(): string[] {
    return [...this.#methods.keys()];
  }

  /** Every registered definition, in registration order. */
  definitions(): MethodDefinition[] {
    return [...this.#methods.values()];
  }
}
