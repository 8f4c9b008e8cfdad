//! The share-link codec (DESIGN §3.4). A link holds the whole scenario and the timeline
//! position in the URL fragment, which is never sent to a server:
//!
//!     #/lab/<lab>?s=v1.<base64url(deflate-raw(scenario JSON))>&t=<step>
//!
//! 1. The payload is versioned (`v1.`): a later FlashLab keeps reading `v1` links and can add
//!    `v2` without breaking them. A payload without a known version is rejected, not guessed at.
//! 2. Decoding is defensive: the compressed text is size-checked before inflating, inflation
//!    stops at 4 MiB (a small link cannot expand into a huge one), and every failure returns the
//!    part of the link that is wrong (`field`: the route, `s`, `t`, or the scenario's `lab`) and
//!    a message that names it (`FIELD_TAG`). Nothing throws: `web/src/share/codec.fuzz.test.ts`
//!    feeds it mutated real links and random strings.
//! 3. Only the fragment's shape is checked here; the scenario itself is validated by the core.

import { decodeBase64Url, encodeBase64Url } from "./base64url";
import { parseRoute } from "./route";

export const SHARE_VERSION = "v1";
/** Largest decoded scenario accepted, in bytes: the core's own limit. */
export const MAX_SCENARIO_BYTES = 4 * 1024 * 1024;
/** Largest payload text accepted before inflating (deflate rarely expands; this is generous). */
const MAX_PAYLOAD_CHARS = 6 * 1024 * 1024;

export interface SharedScenario {
  lab: string;
  scenarioJson: string;
  step: number;
}

/** The part of a link a failure is about: the route, the payload `s`, the position `t`, or the
 * scenario's `lab` field (which must match the route's lab). */
export type ShareField = "route" | "s" | "t" | "lab";

/** Text every failure message about `field` contains, so the message names the field. */
export const FIELD_TAG: Readonly<Record<ShareField, string>> = { route: "#/lab/", s: "s=", t: "t=", lab: '"lab"' };

export type ShareResult = ({ ok: true } & SharedScenario) | { ok: false; field: ShareField; message: string };

class LinkError extends Error {
  constructor(
    readonly field: ShareField,
    message: string,
  ) {
    super(message);
  }
}

async function pipeBytes(bytes: Uint8Array<ArrayBuffer>, transform: CompressionStream | DecompressionStream, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const writer = transform.writable.getWriter();
  const written = writer.write(bytes).then(() => writer.close());
  written.catch(() => undefined); // errors surface through the reader below
  const reader = transform.readable.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw new LinkError("s", `the scenario in the link (s=…) is larger than ${limit / (1024 * 1024)} MiB`);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** The payload `v1.<base64url(deflate-raw(json))>` for a scenario. */
export async function encodePayload(scenarioJson: string): Promise<string> {
  const bytes = new TextEncoder().encode(scenarioJson);
  const compressed = await pipeBytes(bytes, new CompressionStream("deflate-raw"), Number.POSITIVE_INFINITY);
  return `${SHARE_VERSION}.${encodeBase64Url(compressed)}`;
}

/** The fragment (starting with `#`) of a share link. */
export async function encodeShareFragment(lab: string, scenarioJson: string, step: number): Promise<string> {
  const payload = await encodePayload(scenarioJson);
  return `#/lab/${lab}?s=${payload}&t=${Math.max(0, Math.floor(step))}`;
}

async function decodePayload(payload: string): Promise<string> {
  const dot = payload.indexOf(".");
  const version = dot === -1 ? "" : payload.slice(0, dot);
  if (dot === -1 || !/^v\d+$/.test(version)) {
    throw new LinkError("s", 'the scenario payload (s=…) has no version prefix (expected "s=v1.")');
  }
  if (version !== SHARE_VERSION) {
    throw new LinkError("s", `the link uses format ${version} (s=${version}.…), which this FlashLab does not read (it reads ${SHARE_VERSION})`);
  }
  const body = payload.slice(dot + 1);
  if (body.length > MAX_PAYLOAD_CHARS) {
    throw new LinkError("s", `the scenario in the link (s=…) is larger than ${MAX_SCENARIO_BYTES / (1024 * 1024)} MiB`);
  }
  const compressed = decodeBase64Url(body);
  if (compressed === null || body.length === 0) {
    throw new LinkError("s", "the scenario payload (s=…) is not valid base64url (the link may be cut short or altered)");
  }
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await pipeBytes(compressed, new DecompressionStream("deflate-raw"), MAX_SCENARIO_BYTES);
  } catch (error) {
    if (error instanceof LinkError) throw error;
    throw new LinkError("s", "the scenario payload (s=…) does not decompress (the link may be cut short or altered)");
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new LinkError("s", "the scenario in the link (s=…) is not UTF-8 text");
  }
  return text;
}

function parseStep(raw: string | null): number {
  if (raw === null || raw === "") return 0;
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(Number(raw))) {
    throw new LinkError("t", `the timeline position t=${raw} is not a non-negative integer`);
  }
  return Number(raw);
}

/** Decodes the share parameters of a lab route (`s`, `t`) for lab `lab`. */
export async function decodeShareParams(lab: string, params: URLSearchParams): Promise<ShareResult> {
  try {
    const payload = params.get("s");
    if (payload === null || payload === "") throw new LinkError("s", "the link has no scenario (s=…)");
    const step = parseStep(params.get("t"));
    const scenarioJson = await decodePayload(payload);
    let scenario: unknown;
    try {
      scenario = JSON.parse(scenarioJson);
    } catch {
      throw new LinkError("s", "the scenario in the link (s=…) is not valid JSON");
    }
    if (typeof scenario !== "object" || scenario === null || Array.isArray(scenario)) {
      throw new LinkError("s", "the scenario in the link (s=…) is not a JSON object");
    }
    const scenarioLab = (scenario as Record<string, unknown>)["lab"];
    if (scenarioLab !== lab) {
      const named = typeof scenarioLab === "string" ? `"${scenarioLab.slice(0, 40)}"` : "missing or not a string";
      throw new LinkError("lab", `the scenario's "lab" is ${named}, but the link opens lab "${lab}" (#/lab/${lab})`);
    }
    return { ok: true, lab, scenarioJson, step };
  } catch (error) {
    if (error instanceof LinkError) return { ok: false, field: error.field, message: error.message };
    // Not a failure this decoder anticipated: still an answer, never an uncaught throw.
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, field: "s", message: `the link (s=…) could not be decoded: ${reason}` };
  }
}

/** Decodes a whole share URL or fragment (`https://…/#/lab/hdd?s=…`, or `#/lab/hdd?s=…`). */
export async function decodeShareLink(link: string): Promise<ShareResult> {
  const hashAt = link.indexOf("#");
  const route = parseRoute(hashAt === -1 ? link : link.slice(hashAt));
  if (route.kind !== "lab") return { ok: false, field: "route", message: "not a FlashLab lab link (expected #/lab/<lab>?s=…)" };
  return decodeShareParams(route.lab, route.params);
}
