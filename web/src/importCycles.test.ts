//! The web app's modules form no import cycle: every file under web/src is read, its static
//! imports and re-exports (`import … from`, `import "…"`, `export … from`, type-only ones
//! included, since a type cycle still ties the files together) are resolved to files, and the
//! graph must have no strongly connected component of more than one file (nor a file that
//! imports itself). A failure names one cycle, file by file.

import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(__dirname);
const SOURCE = /\.(ts|tsx)$/;

/** Every .ts/.tsx file below `dir`, as absolute paths. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

/** The module specifiers a file imports or re-exports statically (comments removed first). */
export function importSpecifiers(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const found: string[] = [];
  for (const m of code.matchAll(/^\s*(?:import|export)\s[^;]*?\bfrom\s*["']([^"']+)["']/gm)) found.push(m[1] ?? "");
  for (const m of code.matchAll(/^\s*import\s*["']([^"']+)["']/gm)) found.push(m[1] ?? "");
  return found;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The source file a relative specifier names, or null (a package, a .css or .json file). */
function resolveSpecifier(from: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null;
  const base = resolve(dirname(from), specifier);
  const candidates = [`${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx"), base];
  return candidates.find((c) => SOURCE.test(c) && isFile(c)) ?? null;
}

/** File → the source files it imports. */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = importSpecifiers(readFileSync(file, "utf8"))
      .map((s) => resolveSpecifier(file, s))
      .filter((t): t is string => t !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** One cycle per strongly connected component of more than one file, or a self-import. */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  // Tarjan's algorithm, iterative over the files in name order so the report is stable.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  const visit = (start: string): void => {
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.next < edges.length) {
        const to = edges[frame.next++]!;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, next: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfLoop = (graph.get(frame.node) ?? []).includes(frame.node);
        if (component.length > 1 || selfLoop) components.push(component);
      }
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return components.map((component) => cycleWithin(graph, new Set(component)));
}

/** A concrete cycle inside one component: a breadth-first path from its first file back to it. */
function cycleWithin(graph: ReadonlyMap<string, readonly string[]>, members: ReadonlySet<string>): string[] {
  const start = [...members].sort()[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const to of graph.get(node) ?? []) {
      if (!members.has(to)) continue;
      if (to === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(previous.get(path[0]!)!);
        return [...path, start];
      }
      if (!previous.has(to)) {
        previous.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start, start];
}

describe("the web app's import graph", () => {
  it("reads static imports, re-exports and type-only imports, and ignores comments", () => {
    const text = [
      '// import { no } from "./commented";',
      'import { a } from "./a";',
      'import type { B } from "../b";',
      "import {",
      "  c,",
      '} from "./c";',
      'export type * from "./d";',
      'export { e } from "./e";',
      'import "./f.css";',
      "const x = 1;",
    ].join("\n");
    expect(importSpecifiers(text)).toEqual(["./a", "../b", "./c", "./d", "./e", "./f.css"]);
  });

  it("finds a cycle of two files and a self-import, and none in a chain", () => {
    expect(findCycles(new Map([["a", ["b"]], ["b", ["a"]]]))).toEqual([["a", "b", "a"]]);
    expect(findCycles(new Map([["a", ["a"]]]))).toEqual([["a", "a"]]);
    expect(findCycles(new Map([["a", ["b"]], ["b", ["c"]], ["c", []]]))).toEqual([]);
  });

  it("has no import cycle among the files under web/src", () => {
    const files = sourceFiles(ROOT);
    expect(files.length).toBeGreaterThan(100);
    const cycles = findCycles(importGraph(files)).map((cycle) => cycle.map((f) => relative(ROOT, f)).join(" → "));
    expect(cycles, `import cycles:\n${cycles.join("\n")}`).toEqual([]);
  });
});
