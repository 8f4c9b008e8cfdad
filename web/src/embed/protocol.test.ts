import { describe, expect, it } from "vitest";
import { MAX_SCENARIO_CHARS, parseCommand } from "./protocol";
import { TokenBucket } from "./rateLimit";
import { completionCode, parseCompletionCode } from "../tours/completion";
import { hostOrigin, keepEmbedParams, parseRoute } from "../share/route";

function field(data: unknown): string | null {
  const parsed = parseCommand(data);
  return parsed.ok ? null : parsed.field;
}

describe("host API messages", () => {
  it("accepts every command with its fields and echoes the id", () => {
    expect(parseCommand({ flashlab: 1, type: "play", id: 7 })).toEqual({ ok: true, id: 7, command: { type: "play" } });
    expect(parseCommand({ flashlab: 1, type: "step" })).toMatchObject({ ok: true, command: { type: "step", n: 1 } });
    expect(parseCommand({ flashlab: 1, type: "seek", step: 30, id: "a" })).toMatchObject({ ok: true, id: "a", command: { step: 30 } });
    expect(parseCommand({ flashlab: 1, type: "speed", speed: 0.5 })).toMatchObject({ ok: true, command: { speed: 0.5 } });
    expect(parseCommand({ flashlab: 1, type: "panels", show: ["metrics", "metrics", "timeline"] })).toMatchObject({
      ok: true,
      command: { show: ["metrics", "timeline"] },
    });
    expect(parseCommand({ flashlab: 1, type: "load", scenario: { version: 1 } })).toMatchObject({ ok: true, command: { scenario: '{"version":1}' } });
    expect(parseCommand({ flashlab: 1, type: "lesson", name: "2-the-wavefront" })).toMatchObject({ ok: true, command: { step: 0 } });
    expect(parseCommand({ flashlab: 1, type: "getState" })).toMatchObject({ ok: true });
  });

  it("names the field that is wrong, for every kind of hostile message", () => {
    expect(field("play")).toBe("message");
    expect(field(null)).toBe("message");
    expect(field([1, 2])).toBe("message");
    expect(field({ type: "play" })).toBe("flashlab");
    expect(field({ flashlab: 2, type: "play" })).toBe("flashlab");
    expect(field({ flashlab: 1, type: "explode" })).toBe("type");
    expect(field({ flashlab: 1, type: 12 })).toBe("type");
    expect(field({ flashlab: 1, type: "seek" })).toBe("step");
    expect(field({ flashlab: 1, type: "seek", step: -1 })).toBe("step");
    expect(field({ flashlab: 1, type: "seek", step: 1.5 })).toBe("step");
    expect(field({ flashlab: 1, type: "step", n: "10" })).toBe("n");
    expect(field({ flashlab: 1, type: "speed", speed: Number.NaN })).toBe("speed");
    expect(field({ flashlab: 1, type: "speed", speed: 1e9 })).toBe("speed");
    expect(field({ flashlab: 1, type: "panels", show: "metrics" })).toBe("show");
    expect(field({ flashlab: 1, type: "panels", show: ["metrics", "secrets"] })).toBe("show[1]");
    expect(field({ flashlab: 1, type: "load" })).toBe("scenario");
    expect(field({ flashlab: 1, type: "load", scenario: "x".repeat(MAX_SCENARIO_CHARS + 1) })).toBe("scenario");
    expect(field({ flashlab: 1, type: "lesson", name: "" })).toBe("name");
    expect(field({ flashlab: 1, type: "play", id: { evil: true } })).toBe("id");
    expect(field({ flashlab: 1, type: "play", id: "x".repeat(1000) })).toBe("id");
  });

  it("keeps the id of a malformed message so the host can match the error", () => {
    expect(parseCommand({ flashlab: 1, type: "seek", id: 42 })).toMatchObject({ ok: false, id: 42, field: "step" });
  });

  it("describes a huge value by its size, not by echoing it", () => {
    const parsed = parseCommand({ flashlab: 1, type: "x".repeat(100_000) });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message.length).toBeLessThan(200);
  });
});

describe("rate limit", () => {
  it("allows a burst, then the refill rate, never more", () => {
    const bucket = new TokenBucket(50, 20);
    let allowed = 0;
    for (let i = 0; i < 1000; i += 1) if (bucket.take(i)) allowed += 1; // 1000 messages in one second
    expect(allowed).toBeGreaterThanOrEqual(50);
    expect(allowed).toBeLessThanOrEqual(50 + 20);
    expect(bucket.take(10_000)).toBe(true); // refilled after a quiet spell
  });
});

describe("completion codes", () => {
  const given = new Map([
    [2, { kind: "number" as const, value: 3 }],
    [5, { kind: "choice" as const, index: 1 }],
  ]);
  it("carry the lesson, the seed, the score in clear, the answers and a check", () => {
    const code = completionCode("fdtree", "2-the-wavefront", null, 1, 2, given);
    expect(code).toMatch(/^fdtree\.2-the-wavefront\.d\.1of2\.[A-Za-z0-9_-]+\.[0-9a-z]{6}$/);
    expect(parseCompletionCode(code)).toEqual({ lab: "fdtree", lesson: "2-the-wavefront", seed: null, right: 1, asked: 2, given });
    const practice = completionCode("ssd", "gc", 48213, 0, 0, new Map());
    expect(parseCompletionCode(practice)?.seed).toBe(48213);
    expect(parseCompletionCode(practice)?.given.size).toBe(0);
  });

  it("a mistyped or edited code fails its check", () => {
    const code = completionCode("fdtree", "2-the-wavefront", null, 1, 2, given);
    expect(parseCompletionCode(code.replace("1of2", "2of2"))).toBeNull();
    expect(parseCompletionCode(code.replace(".d.", ".7."))).toBeNull();
    expect(parseCompletionCode(`${code}x`)).toBeNull();
    expect(parseCompletionCode("")).toBeNull();
  });
});

describe("embed routes", () => {
  it("answers only a host written as an http(s) origin", () => {
    const route = (host: string) => parseRoute(`#/lab/hdd?embed=1&host=${encodeURIComponent(host)}`);
    expect(hostOrigin(route("http://localhost:4401"))).toBe("http://localhost:4401");
    expect(hostOrigin(route("https://course.example.org"))).toBe("https://course.example.org");
    expect(hostOrigin(route("https://course.example.org/page"))).toBeNull();
    expect(hostOrigin(route("javascript:alert(1)"))).toBeNull();
    expect(hostOrigin(route("*"))).toBeNull();
    expect(hostOrigin(parseRoute("#/lab/hdd?host=http%3A%2F%2Flocalhost%3A4401"))).toBeNull(); // not an embed
  });

  it("keeps the embed parameters when the embedded app rewrites its URL", () => {
    const from = parseRoute("#/lab/hdd?embed=1&host=http%3A%2F%2Flocalhost%3A1&panels=1");
    const next = keepEmbedParams(from, "#/lab/ssd?s=abc&t=3");
    const route = parseRoute(next);
    expect(route.kind === "lab" && route.lab).toBe("ssd");
    if (route.kind === "lab") {
      expect(route.params.get("s")).toBe("abc");
      expect(route.params.get("host")).toBe("http://localhost:1");
      expect(route.params.get("panels")).toBe("1");
    }
    expect(keepEmbedParams(parseRoute("#/lab/hdd"), "#/lab/ssd")).toBe("#/lab/ssd");
  });
});
