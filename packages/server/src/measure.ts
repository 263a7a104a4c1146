// Measures JSON text before it is parsed, so a deeply nested or enormous message costs one pass
// over its characters and nothing more.

/**
 * Why `text` is nested deeper than `depth` or holds more than `nodes` values, or undefined.
 * Brackets inside strings do not count. Text that is not JSON at all is left to `JSON.parse`.
 */
export function jsonShapeProblem(text: string, limits: { depth: number; nodes: number }): string | undefined {
  let depth = 0;
  let nodes = 1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > limits.depth) return `it is nested more than ${limits.depth} levels deep`;
      nodes++;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
    else if (c === 44 /* , */ || c === 58 /* : */) {
      if (++nodes > limits.nodes) return `it holds more than ${limits.nodes} values`;
    }
  }
  return undefined;
}
