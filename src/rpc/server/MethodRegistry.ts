/**
 * The methods a server answers, looked up by exact name. Built from an explicit list (no
 * reflection, so no helper becomes an endpoint by accident); a name listed twice is a bug in
 * that list and throws at construction rather than letting one silently shadow the other.
 * Generic over the method type (in practice MethodDefinition) because a definition's handler sees
 * the registry: naming MethodDefinition here would tie the two files in an import circle.
 */
export class MethodRegistry<Method extends { readonly name: string }> {
  readonly #methods = new Map<string, Method>();

  constructor(methods: readonly Method[]) {
    for (const method of methods) {
      if (this.#methods.has(method.name)) throw new Error(`method ${method.name} is registered twice`);
      this.#methods.set(method.name, method);
    }
  }

  /** The definition of `name`, or undefined. A Map, so names like `toString` or `__proto__` are safe. */
  get(name: string): Method | undefined {
    return this.#methods.get(name);
  }

  /** Every registered method name, in registration order. */
  names(): string[] {
    return [...this.#methods.keys()];
  }

  /** Every registered definition, in registration order. */
  definitions(): Method[] {
    return [...this.#methods.values()];
  }
}
