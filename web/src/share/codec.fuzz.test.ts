//! Fuzzing the share-link decoder (issue 14, "Bad input").
//!
//! 1. Seeds: a real share link for every `scenarios/<lab>/*.json`, made by `encodeShareFragment`.
//! 2. Inputs (a seeded xorshift32, each input a pure function of its index): character edits of
//!    a real link (payload, version, `t`, route), links whose payload decodes to edited JSON
//!    (another or a missing lab, not an object, broken JSON, invalid UTF-8, markup), a payload
//!    that inflates past 4 MiB, oversized payload text, and random strings.
//! 3. For each input `decodeShareLink` must resolve (never throw or reject) within 1 s; a success
//!    must carry a JSON object whose `lab` is the route's lab and a safe non-negative step; a
//!    failure must name its field: `field` is one of route/s/t/lab and the message contains
//!    `FIELD_TAG[field]` (`#/lab/`, `s=`, `t=`, `"lab"`).
//!
//! Short run in `vitest run`: SHORT_N inputs. Long run (1,000,000 inputs):
//!   FLASHLAB_FUZZ_N=1000000 npx vitest run web/src/share/codec.fuzz.test.ts
//! FLASHLAB_FUZZ_SEED changes the base seed.

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BUILT_LABS } from "../labs/registry";
import { encodeBase64Url } from "./base64url";
import { decodeShareLink, encodePayload, encodeShareFragment, FIELD_TAG, MAX_SCENARIO_BYTES, type ShareField, type ShareResult } from "./codec";

const SHORT_N = 3000;
const N = Number(process.env.FLASHLAB_FUZZ_N ?? SHORT_N);
const BASE_SEED = Number(process.env.FLASHLAB_FUZZ_SEED ?? 14);
const ANSWER_LIMIT_MS = 1000;
/** Every built lab of the one web registry; each has its `scenarios/<lab>/` folder (registry.test.ts). */
const LABS = BUILT_LABS.map((lab) => lab.entry.id);
const MARKUP = ['<script>alert(1)</script>', '<img src=x onerror="alert(1)">', "%00", "\u202e", "#/lab/hdd?s="];

/** xorshift32, seeded through one multiply so nearby seeds differ. */
class Xorshift {
  private state: number;
  constructor(seed: number) {
    this.state = (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) >>> 0) || 1;
  }
  next(): number {
    let x = this.state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.state = x >>> 0;
    return this.state;
  }
  below(n: number): number {
    return n <= 0 ? 0 : this.next() % n;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.below(items.length)] as T;
  }
}

interface SeedLink {
  lab: string;
  json: string;
  link: string;
}

function scenarioSeeds(): { lab: string; json: string }[] {
  const root = join(__dirname, "../../../scenarios");
  return LABS.flatMap((lab) =>
    readdirSync(join(root, lab))
      .filter((file) => file.endsWith(".json"))
      .sort()
      .map((file) => ({ lab, json: readFileSync(join(root, lab, file), "utf8") })),
  );
}

async function deflateRaw(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return encodeBase64Url(new Uint8Array(await new Response(stream).arrayBuffer()));
}

function randomString(rng: Xorshift, length: number): string {
  const alphabet = "abcxyzAZ019-_.=&?#/%+ v\u00e9\u{1f600}";
  const chars = [...alphabet];
  let out = "";
  for (let i = 0; i < length; i++) out += rng.pick(chars);
  return out;
}

/** One character-level edit of `text` (replace, insert, delete, cut, duplicate a span). */
function editChars(rng: Xorshift, text: string): string {
  const at = rng.below(text.length + 1);
  const filler = randomString(rng, 1 + rng.below(4));
  switch (rng.below(5)) {
    case 0:
      return text.slice(0, at) + filler + text.slice(at + 1);
    case 1:
      return text.slice(0, at) + filler + text.slice(at);
    case 2:
      return text.slice(0, at) + text.slice(at + 1 + rng.below(20));
    case 3:
      return text.slice(0, at);
    default:
      return text.slice(0, at) + text.slice(at, at + 20) + text.slice(at);
  }
}

/** An edited scenario object (or non-object) for a payload that decodes and inflates fine. */
function editScenario(rng: Xorshift, json: string): string {
  const doc = JSON.parse(json) as Record<string, unknown>;
  switch (rng.below(8)) {
    case 0:
      doc["lab"] = rng.pick(LABS);
      return JSON.stringify(doc);
    case 1:
      delete doc["lab"];
      return JSON.stringify(doc);
    case 2:
      doc["lab"] = rng.pick([7, null, ["hdd"], { lab: "hdd" }, "x".repeat(100_000)]);
      return JSON.stringify(doc);
    case 3:
      return JSON.stringify(rng.pick([[doc], 1, "hdd", null]));
    case 4:
      return JSON.stringify(doc).slice(0, rng.below(json.length));
    case 5:
      doc["title"] = rng.pick(MARKUP);
      return JSON.stringify(doc);
    case 6:
      return "[".repeat(100_000) + "]".repeat(100_000);
    default:
      return JSON.stringify(doc);
  }
}

async function makeInput(index: number, seeds: SeedLink[], bomb: string): Promise<string> {
  const rng = new Xorshift(BASE_SEED * 1_000_003 + index);
  const seed = rng.pick(seeds);
  const kind = rng.below(20);
  if (kind < 8) {
    let link = seed.link;
    for (let edits = 1 + rng.below(3); edits > 0; edits--) link = editChars(rng, link);
    return link;
  }
  if (kind < 12) {
    const edited = editScenario(rng, seed.json);
    const payload = await encodePayload(edited);
    return `#/lab/${rng.below(4) === 0 ? rng.pick(LABS) : seed.lab}?s=${payload}&t=${rng.below(1000)}`;
  }
  if (kind < 14) {
    const t = rng.pick(["-1", "1.5", "1e3", "9007199254740993", "", "abc", "0x10", "3&t=4", "%20"]);
    return seed.link.replace(/t=\d+/, `t=${t}`);
  }
  if (kind === 14) {
    const version = rng.pick(["v2", "v", "V1", "v01", "", "v1v1", "v9999999999"]);
    return seed.link.replace("s=v1.", `s=${version}.`);
  }
  if (kind === 15) {
    const lab = rng.pick(["HDD", "hdd/", "..", "lab", "hdd%2F..", "", "hdd?x"]);
    return seed.link.replace(`#/lab/${seed.lab}`, `#/lab/${lab}`);
  }
  if (kind === 16) {
    const bytes = Uint8Array.from({ length: 1 + rng.below(64) }, () => rng.below(256));
    return `#/lab/${seed.lab}?s=v1.${await deflateRaw(bytes)}&t=0`;
  }
  if (kind === 17) {
    // Oversized inputs are rare (each costs milliseconds) but always in the short run too.
    const roll = rng.below(50);
    if (roll === 0) return `#/lab/hdd?s=v1.${"A".repeat(6 * 1024 * 1024 + 4)}`;
    if (roll < 5) return `#/lab/${seed.lab}?s=v1.${bomb}`;
    return `#/lab/${seed.lab}?s=v1.${editChars(rng, seed.link.slice(seed.link.indexOf("v1.") + 3))}`;
  }
  if (kind === 18) return `${rng.pick(["", "#", "#/lab/hdd?", "https://x.test/#/lab/ssd?s=v1."])}${randomString(rng, rng.below(200))}`;
  return `${seed.link}&${rng.pick(["s=v1.AAAA", "t=5", "embed=1", "s=", "#/lab/ssd"])}`;
}

type Outcome = "ok" | ShareField;

/** The outcome of decoding `link`, or the check it broke. */
async function check(link: string): Promise<{ outcome: Outcome; problem: string | null }> {
  const started = performance.now();
  let result: ShareResult;
  try {
    result = await decodeShareLink(link);
  } catch (error) {
    return { outcome: "s", problem: `threw: ${String(error)}` };
  }
  const elapsed = performance.now() - started;
  const late = elapsed > ANSWER_LIMIT_MS ? `answered in ${elapsed.toFixed(0)} ms` : null;
  if (!result.ok) {
    const outcome = result.field;
    if (!(outcome in FIELD_TAG)) return { outcome: "s", problem: `unknown field ${String(outcome)}` };
    if (!result.message.includes(FIELD_TAG[outcome])) return { outcome, problem: `message does not name ${outcome}: ${result.message}` };
    return { outcome, problem: late };
  }
  const scenario = JSON.parse(result.scenarioJson) as unknown;
  if (typeof scenario !== "object" || scenario === null || Array.isArray(scenario)) return { outcome: "ok", problem: "accepted a non-object" };
  if ((scenario as Record<string, unknown>)["lab"] !== result.lab) return { outcome: "ok", problem: "accepted a scenario of another lab" };
  if (!Number.isSafeInteger(result.step) || result.step < 0) return { outcome: "ok", problem: `accepted step ${result.step}` };
  return { outcome: "ok", problem: late };
}

describe("share-link decoder fuzz", () => {
  it(`answers ${N} mutated and random links without throwing, within ${ANSWER_LIMIT_MS} ms each, naming the field of every failure`, async () => {
    const seeds: SeedLink[] = [];
    for (const { lab, json } of scenarioSeeds()) seeds.push({ lab, json, link: await encodeShareFragment(lab, json, 3) });
    expect(seeds.length).toBeGreaterThan(40);
    const bomb = await deflateRaw(new Uint8Array(MAX_SCENARIO_BYTES + 4096).fill(0x20));
    const failures: string[] = [];
    const counts: Record<Outcome, number> = { ok: 0, route: 0, s: 0, t: 0, lab: 0 };
    let slowest = 0;
    const started = performance.now();
    for (let index = 0; index < N; index++) {
      const link = await makeInput(index, seeds, bomb);
      const before = performance.now();
      const { outcome, problem } = await check(link);
      slowest = Math.max(slowest, performance.now() - before);
      if (problem !== null) failures.push(`input ${index}: ${problem.slice(0, 300)} <- ${link.slice(0, 120)}`);
      counts[outcome] += 1;
    }
    const wall = performance.now() - started;
    console.log(`share fuzz: ${N} inputs, ${JSON.stringify(counts)}, slowest ${slowest.toFixed(1)} ms, wall ${(wall / 1000).toFixed(1)} s`);
    expect(failures.slice(0, 10)).toEqual([]);
    // The generator reaches every outcome, so no branch of the decoder goes unfuzzed.
    for (const outcome of Object.keys(counts) as Outcome[]) expect(counts[outcome], outcome).toBeGreaterThan(0);
  }, N > SHORT_N ? 7_200_000 : 600_000);
});
