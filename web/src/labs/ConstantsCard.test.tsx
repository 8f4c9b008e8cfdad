import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { CoreInfo } from "../sim/types";
import { ConstantsCard } from "./ConstantsCard";

const info = (labInfo: unknown): CoreInfo => ({ lab: "ipa", title: "t", seed: 1, coreVersion: "0", eventKinds: [], eventWords: 8, lab_info: labInfo });
const row = { key: "device.read_ns", label: "page read", value: 25000, unit: "ns", tag: "[Q]", source: "a datasheet" };
const render = (labInfo: unknown) => renderToStaticMarkup(<ConstantsCard info={info(labInfo)} lab="ipa" title="Device & sources" description="d" />);

describe("the constants-only sources card (ipa, layouts)", () => {
  it("renders nothing while the info payload has no constants, an empty list or malformed rows", () => {
    expect(render({ mode: "ipa" })).toBe("");
    expect(render({ constants: [] })).toBe("");
    expect(render({ constants: [{ ...row, value: "25000" }] })).toBe("");
    expect(render(null)).toBe("");
  });

  it("lists every constant of info.constants in the shared card", () => {
    const html = render({ constants: [row, { ...row, key: "device.program_ns", label: "page program" }] });
    expect(html).toContain('data-testid="ipa-sources"');
    expect(html).toContain("2 constants");
    expect(html.match(/data-testid="ipa-constant"/g)?.length).toBe(2);
    expect(html).toContain("page program");
  });
});
