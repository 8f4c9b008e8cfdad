import { describe, expect, it } from "vitest";
import { decodeBase64Url, encodeBase64Url } from "./base64url";
import { decodeShareLink, decodeShareParams, encodePayload, encodeShareFragment, MAX_SCENARIO_BYTES } from "./codec";
import { parseRoute } from "./route";

const scenario = JSON.stringify({ version: 1, lab: "hdd", title: "Zufällige Lesezugriffe — ✓ 盘", seed: 7, steps: 3 });

async function deflateRaw(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function linkWithPayloadBytes(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  return `#/lab/hdd?s=v1.${encodeBase64Url(await deflateRaw(bytes))}&t=0`;
}

describe("base64url", () => {
  it("round-trips every length and byte value", () => {
    for (let n = 0; n < 40; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 97 + n * 13) & 0xff);
      expect(decodeBase64Url(encodeBase64Url(bytes))).toEqual(bytes);
    }
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(decodeBase64Url(encodeBase64Url(all))).toEqual(all);
  });

  it("matches Node's base64url and rejects other alphabets and impossible lengths", () => {
    const bytes = new TextEncoder().encode("any carnal pleas\u00ff\u00fe");
    expect(encodeBase64Url(bytes)).toBe(Buffer.from(bytes).toString("base64url"));
    expect(decodeBase64Url("ab+/")).toBeNull();
    expect(decodeBase64Url("abcde")).toBeNull();
    expect(decodeBase64Url("ab=")).toBeNull();
  });
});

describe("share links", () => {
  it("round-trip the scenario (unicode title included), lab and step", async () => {
    const fragment = await encodeShareFragment("hdd", scenario, 42);
    expect(fragment).toMatch(/^#\/lab\/hdd\?s=v1\.[A-Za-z0-9_-]+&t=42$/);
    const decoded = await decodeShareLink(`https://example.org/flashlab/${fragment}`);
    expect(decoded).toEqual({ ok: true, lab: "hdd", scenarioJson: scenario, step: 42 });
  });

  it("accept a bare fragment and a missing t as step 0", async () => {
    const payload = await encodePayload(scenario);
    const decoded = await decodeShareLink(`#/lab/hdd?s=${payload}`);
    expect(decoded.ok && decoded.step).toBe(0);
  });

  it("require the version prefix", async () => {
    const payload = await encodePayload(scenario);
    const bare = payload.replace(/^v1\./, "");
    const result = await decodeShareLink(`#/lab/hdd?s=${bare}&t=0`);
    expect(result).toEqual({ ok: false, field: "s", message: expect.stringContaining("no version prefix") as unknown });
  });

  const cases: [string, () => Promise<string>, string][] = [
    ["an unknown version", async () => (await encodeShareFragment("hdd", scenario, 1)).replace("s=v1.", "s=v9."), "format v9"],
    ["bad base64", async () => "#/lab/hdd?s=v1.%%%not-base64&t=0", "not valid base64url"],
    ["an empty payload", async () => "#/lab/hdd?s=v1.&t=0", "not valid base64url"],
    ["bad deflate", async () => `#/lab/hdd?s=v1.${encodeBase64Url(new TextEncoder().encode("plain, not deflated!"))}&t=0`, "does not decompress"],
    ["a truncated payload", async () => (await encodeShareFragment("hdd", scenario, 1)).replace(/(s=v1\.[^&]{12})[^&]*/, "$1"), "does not decompress"],
    ["not JSON", () => linkWithPayloadBytes(new TextEncoder().encode("{not json")), "not valid JSON"],
    ["JSON that is not an object", () => linkWithPayloadBytes(new TextEncoder().encode("[1,2]")), "not a JSON object"],
    ["invalid UTF-8", () => linkWithPayloadBytes(Uint8Array.from([0x7b, 0xff, 0xfe, 0x7d])), "not UTF-8"],
    ["the wrong lab", async () => (await encodeShareFragment("hdd", scenario, 1)).replace("#/lab/hdd", "#/lab/ssd"), '"lab" is "hdd", but the link opens lab "ssd"'],
    ["a negative step", async () => (await encodeShareFragment("hdd", scenario, 3)).replace("t=3", "t=-4"), "t=-4 is not a non-negative integer"],
    ["a fractional step", async () => (await encodeShareFragment("hdd", scenario, 3)).replace("t=3", "t=1.5"), "t=1.5 is not a non-negative integer"],
    ["a step beyond 2^53", async () => (await encodeShareFragment("hdd", scenario, 3)).replace("t=3", "t=99999999999999999999"), "not a non-negative integer"],
    ["no payload", async () => "#/lab/hdd?t=3", "no scenario"],
    ["a route that is not a lab", async () => "#/elsewhere?s=v1.AAAA", "not a FlashLab lab link"],
  ];
  for (const [name, link, message] of cases) {
    it(`reject ${name} with a message naming the problem`, async () => {
      const result = await decodeShareLink(await link());
      expect(result.ok).toBe(false);
      expect(!result.ok && result.message).toContain(message);
    });
  }

  it("reject a payload that inflates beyond 4 MiB without inflating all of it", async () => {
    const huge = new Uint8Array(MAX_SCENARIO_BYTES + 1024).fill(0x20);
    const result = await decodeShareLink(await linkWithPayloadBytes(huge));
    expect(result).toEqual({ ok: false, field: "s", message: expect.stringContaining("larger than 4 MiB") as unknown });
  });

  it("decode params taken from a parsed route", async () => {
    const route = parseRoute(await encodeShareFragment("hdd", scenario, 5));
    expect(route.kind).toBe("lab");
    if (route.kind !== "lab") return;
    const result = await decodeShareParams(route.lab, route.params);
    expect(result.ok && result.step).toBe(5);
  });
});

describe("routes", () => {
  it("parse home, lab and unknown routes", () => {
    expect(parseRoute("")).toEqual({ kind: "home" });
    expect(parseRoute("#/")).toEqual({ kind: "home" });
    const lab = parseRoute("#/lab/hdd");
    expect(lab.kind === "lab" && lab.lab).toBe("hdd");
    expect(parseRoute("#/nope").kind).toBe("unknown");
  });
});
